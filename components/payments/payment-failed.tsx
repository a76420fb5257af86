'use client';

import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { Link, useRouter } from '@/lib/i18n/navigation';
import { apiCall, type ApiFailure } from '@/lib/api/client';
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

  const act = async (path: string, next: (data: { txnId?: string }) => string) => {
    setBusy(true);
    setProblem(undefined);
    const result = await apiCall<{ txnId?: string }>(path, { body: { rideId } });
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
            <button type="button" className={`${ui.button} ${ui.primary}`} disabled={busy} onClick={() => void act('/api/payments', (data) => `/pay/${data.txnId}`)}>
              {t('retry')}
            </button>
            <button type="button" className={`${ui.button} ${ui.secondary}`} disabled={busy} onClick={() => void act('/api/payments/cash', () => '/user/rides')}>
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
