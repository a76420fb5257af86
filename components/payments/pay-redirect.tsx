'use client';

import { useEffect, useRef, useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { Link } from '@/lib/i18n/navigation';
import { api, typedCall, within, type ApiData, type ApiFailure } from '@/lib/api/typed-client';
import { useApiErrorText } from '@/components/ui/use-api-error';
import ui from '@/components/ui/ui.module.css';
import styles from '@/components/booking/booking.module.css';

/** Auto-submit delay of the payment form (docs/requirements/rider.md#paying-by-card). */
const SUBMIT_DELAY_MS = 500;

/** The checkout form: its fields (`data`) and the gateway's address (`action`). */
type PaymentData = ApiData<(typeof api.payments)[':txnId']['$get']>;
type State = { status: 'loading' } | { status: 'ready'; payment: PaymentData } | { status: 'error'; failure: ApiFailure };

/** The pay page (docs/requirements/rider.md#paying-by-card): loads the payment form data, shows the redirect notice and posts the hidden form to the gateway once, after 500 ms. */
export function PayRedirect({ txnId }: { txnId: string }) {
  const t = useTranslations('Payment');
  const locale = useLocale();
  const errorText = useApiErrorText();
  const [state, setState] = useState<State>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const form = useRef<HTMLFormElement>(null);
  const submitted = useRef(false);

  useEffect(() => {
    let live = true;
    void typedCall(api.payments[':txnId'].$get({ param: { txnId: encodeURIComponent(txnId) }, query: { locale } }, within())).then((result) => {
      if (!live) return;
      if (result.ok) {
        setState({ status: 'ready', payment: result.data });
        return;
      }
      console.warn('Payment fetch error', result.error.code);
      setState({ status: 'error', failure: result.error });
    });
    return () => {
      live = false;
    };
  }, [txnId, locale, attempt]);

  useEffect(() => {
    if (state.status !== 'ready') return;
    // The ref outlives strict mode's effect re-run, so the form goes out once.
    const timer = setTimeout(() => {
      if (submitted.current) return;
      submitted.current = true;
      form.current?.submit();
    }, SUBMIT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [state]);

  if (state.status === 'error') {
    return (
      <section className={styles.confirmation} aria-labelledby="pay-title">
        <h1 id="pay-title">{t('pageTitle')}</h1>
        <p role="alert">{t('loadFailed', { reason: errorText(state.failure) })}</p>
        <div className={styles.confirmActions}>
          <button
            type="button"
            className={`${ui.button} ${ui.primary}`}
            onClick={() => {
              setState({ status: 'loading' });
              setAttempt((n) => n + 1);
            }}
          >
            {t('tryAgain')}
          </button>
          <Link href="/user/rides" className={`${ui.button} ${ui.secondary}`}>
            {t('backToRides')}
          </Link>
        </div>
      </section>
    );
  }

  return (
    <section className={styles.confirmation} aria-busy="true">
      <span className={styles.spinner} aria-hidden="true" />
      <p role="status">{t('redirecting')}</p>
      {state.status === 'ready' ? (
        <form ref={form} method="post" action={state.payment.action} hidden>
          {Object.entries(state.payment.data).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
        </form>
      ) : null}
    </section>
  );
}
