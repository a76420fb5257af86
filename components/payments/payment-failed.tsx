'use client';

import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { Link, useRouter } from '@/lib/i18n/navigation';
import { api, typedCall, within, type ApiFailure, type ApiResult } from '@/lib/api/typed-client';
import { useApiErrorText } from '@/components/ui/use-api-error';
import ui from '@/components/ui/ui.module.css';
import styles from '@/components/booking/booking.module.css';

/** After a failed card payment: try the card again (a new payment) or pay the driver in cash. */
export function PaymentFailed({ rideId }: { rideId?: number }) {
  const t = useTranslations('Payment');
  const router = useRouter();
  const errorText = useApiErrorText();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<ApiFailure>();

  const act = async <T,>(call: Promise<ApiResult<T>>, next: (data: T) => string) => {
    setBusy(true);
    setProblem(undefined);
    const result = await call;
    if (result.ok) {
      router.push(next(result.data));
      return;
    }
    setBusy(false);
    setProblem(result.error);
  };

  return (
    <section className={styles.confirmation} aria-labelledby="payment-failed-title">
      <h1 id="payment-failed-title">{t('failedTitle')}</h1>
      <p>{rideId ? t('failedBody', { id: rideId }) : t('failedNoRide')}</p>
      {problem ? <p role="alert">{t('actionFailed', { reason: errorText(problem) })}</p> : null}
      {busy ? <p role="status">{t('working')}</p> : null}
      <div className={styles.confirmActions}>
        {rideId ? (
          <>
            <button
              type="button"
              className={`${ui.button} ${ui.primary}`}
              disabled={busy}
              onClick={() => void act(typedCall(api.payments.$post({ json: { rideId: rideId! } }, within())), (data) => `/pay/${data.txnId}`)}
            >
              {t('retry')}
            </button>
            <button
              type="button"
              className={`${ui.button} ${ui.secondary}`}
              disabled={busy}
              onClick={() => void act(typedCall(api.payments.cash.$post({ json: { rideId: rideId! } }, within())), () => '/user/rides')}
            >
              {t('payCash')}
            </button>
          </>
        ) : null}
        <Link href="/user/rides" className={`${ui.button} ${ui.secondary}`}>
          {t('backToRides')}
        </Link>
      </div>
    </section>
  );
}
