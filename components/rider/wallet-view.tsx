'use client';

import { useId } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import type { WalletKind } from '@/lib/db/schema/wallet';
import { formatDateTime, formatMoney } from '@/lib/i18n/format';
import { Link } from '@/lib/i18n/navigation';
import ui from '@/components/ui/ui.module.css';
import { RiderGate } from './rider-gate';
import { loadStatus } from '@/components/data/query-status';
import { useRiderWallet } from './queries';
import styles from './rider.module.css';
import wallet from './wallet.module.css';

const KIND_LABEL = {
  cashback_pending: 'cashbackPending',
  cashback_release: 'cashbackRelease',
  cashback_reversal: 'cashbackReversal',
  ride_earning: 'rideEarning',
  commission: 'commission',
  payout: 'payout',
  adjustment: 'adjustment',
  wallet_spend: 'walletSpend',
  wallet_refund: 'walletRefund',
  refund_to_wallet: 'refundToWallet',
  // Operator-only entries (a rider's ledger never holds them): the nearest rider wording.
  ride_cash: 'rideEarning',
  commission_owed: 'commission',
  settlement: 'payout',
  cancellation_fee: 'adjustment',
  promo_discount: 'adjustment',
  fare_adjustment: 'adjustment',
  refund_requested: 'adjustment',
  refund_paid: 'adjustment',
  refund_failed: 'adjustment',
} as const satisfies Record<WalletKind, string>;

/** The signed-in rider's wallet: available and pending cashback, and the ledger newest first. */
export function WalletView({ timeZone, defaultCountry }: { timeZone: string; defaultCountry: string }) {
  const t = useTranslations('Wallet');
  return (
    <RiderGate title={t('signedOutTitle')} body={t('signedOutBody')} defaultCountry={defaultCountry}>
      {() => <Wallet timeZone={timeZone} />}
    </RiderGate>
  );
}

function Wallet({ timeZone }: { timeZone: string }) {
  const t = useTranslations('Wallet');
  const locale = useLocale();
  const query = useRiderWallet();
  const status = loadStatus(query);
  const id = useId();

  if (status === 'loading')
    return (
      <p role="status" aria-busy="true" className={styles.muted}>
        {t('loading')}
      </p>
    );
  if (status === 'error' || !query.data) {
    return (
      <div role="alert" className={styles.gate}>
        <p className={styles.alert}>{t('loadError')}</p>
        <button type="button" className={`${ui.button} ${ui.secondary}`} onClick={() => void query.refetch()}>
          {t('retry')}
        </button>
      </div>
    );
  }
  const { balance, entries } = query.data;
  const when = (iso: string) => formatDateTime(iso, locale, timeZone);
  return (
    <>
      <ul className={wallet.balances}>
        <li className={ui.card}>
          <h2>{t('available')}</h2>
          <p className={wallet.amount}>{formatMoney(balance.available, balance.currency, locale)}</p>
          <p className={styles.muted}>{t('availableHint')}</p>
        </li>
        <li className={ui.card}>
          <h2>{t('pending')}</h2>
          <p className={wallet.amount}>{formatMoney(balance.pending, balance.currency, locale)}</p>
          <p className={styles.muted}>{t('pendingHint')}</p>
        </li>
      </ul>
      <section className={styles.stack} aria-labelledby={`${id}-history`}>
        <h2 id={`${id}-history`}>{t('historyTitle')}</h2>
        {entries.length ? (
          <ul className={wallet.entries}>
            {entries.map((entry) => {
              const amount = entry.available || entry.pending;
              return (
                <li key={entry.id}>
                  <div>
                    <p>{t(`kind.${KIND_LABEL[entry.kind]}`)}</p>
                    <p className={styles.muted}>{entry.rideId ? t('entryRide', { id: entry.rideId, date: when(entry.createdAt) }) : when(entry.createdAt)}</p>
                  </div>
                  <p className={amount < 0 ? wallet.debit : wallet.credit}>{formatMoney(amount, entry.currency, locale, { signed: true })}</p>
                </li>
              );
            })}
          </ul>
        ) : (
          <div className={`${ui.card} ${styles.empty}`}>
            <p>{t('empty')}</p>
            <Link href="/user/home" className={`${ui.button} ${ui.primary}`}>
              {t('book')}
            </Link>
          </div>
        )}
      </section>
    </>
  );
}
