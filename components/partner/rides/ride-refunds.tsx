'use client';

import { useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { formatMoney } from '@/lib/i18n/format';
import { useMoneyErrorText } from './use-money-error';
import { failureOf } from '@/components/data/fetch-data';
import ui from '@/components/ui/ui.module.css';
import { useRetryRefund } from './queries';
import { RefundDialog } from './refund-dialog';
import type { PartnerRide } from './types';
import styles from './rides.module.css';

type RefundRow = PartnerRide['refunds'][number];

/** A ride's refunds on its console card, where each stands, Retry for a failed one, and Refund for a completed ride. */
export function RideRefunds({ ride }: { ride: PartnerRide }) {
  const t = useTranslations('Refunds');
  const [open, setOpen] = useState(false);
  return (
    <>
      {ride.refunds.map((refund) => (
        <RefundLine key={refund.id} refund={refund} />
      ))}
      {ride.status === 'completed' ? (
        <div className={styles.actions}>
          <button type="button" className={`${ui.button} ${ui.secondary}`} onClick={() => setOpen(true)}>
            {t('refund')}
          </button>
        </div>
      ) : null}
      {open ? <RefundDialog ride={ride} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function RefundLine({ refund }: { refund: RefundRow }) {
  const t = useTranslations('Refunds');
  const locale = useLocale();
  const errorText = useMoneyErrorText();
  const retry = useRetryRefund();
  const [problem, setProblem] = useState<string>();
  const amount = formatMoney(refund.amount, refund.currency, locale);
  const send = async (toWallet: boolean) => {
    setProblem(undefined);
    try {
      await retry.mutateAsync({ refundId: refund.id, toWallet });
    } catch (error) {
      setProblem(errorText(failureOf(error)));
    }
  };
  return (
    <div className={styles.meta}>
      <p>
        {t(`console.${refund.method}.${refund.status}`, { amount })} {t('reason', { reason: refund.reason })}
      </p>
      {refund.status === 'failed' ? (
        <>
          <p className={ui.error}>{t('failedWhy', { error: refund.lastError ?? '' })}</p>
          <div className={styles.actions}>
            <button type="button" className={`${ui.button} ${ui.primary}`} disabled={retry.isPending} onClick={() => void send(false)}>
              {t('retry')}
            </button>
            {refund.providerRefused ? (
              <button type="button" className={`${ui.button} ${ui.secondary}`} disabled={retry.isPending} onClick={() => void send(true)}>
                {t('toWalletInstead')}
              </button>
            ) : null}
          </div>
        </>
      ) : null}
      {problem ? (
        <p role="alert" className={ui.error}>
          {problem}
        </p>
      ) : null}
    </div>
  );
}
