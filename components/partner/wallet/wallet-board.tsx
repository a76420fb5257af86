'use client';

import { useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import type { WalletKind } from '@/lib/db/schema/wallet';
import type { WalletTransaction } from '@/lib/partner/wallet';
import { WALLET_PAGE_SIZE } from '@/lib/partner/schemas';
import { formatDateTime, formatMoney } from '@/lib/i18n/format';
import { toMinor } from '@/lib/money/minor';
import { loadStatus } from '@/components/data/query-status';
import { usePartnerWallet } from '../queries';
import ui from '@/components/ui/ui.module.css';
import { DateFilterBar, selectionQuery, type DateSelection } from '../overview/date-filter';
import { LoadState } from '../overview/load-state';
import { Paginator } from '../customers/paginator';
import table from '../customers/table.module.css';
import styles from '../overview/screen.module.css';

const KIND_LABEL = {
  ride_earning: 'rideEarning',
  commission: 'commission',
  cashback_pending: 'cashbackPending',
  cashback_release: 'cashbackRelease',
  cashback_reversal: 'cashbackReversal',
  payout: 'payout',
  adjustment: 'adjustment',
  wallet_spend: 'walletSpend',
  wallet_refund: 'walletRefund',
} as const satisfies Record<Exclude<WalletKind, keyof typeof MONEY_KIND_LABEL>, string>;

/** Entries of the cash/online split, settlements, cancellations, promo codes, adjustments and refunds (namespace Money). */
const MONEY_KIND_LABEL = {
  ride_cash: 'rideCash',
  commission_owed: 'commissionOwed',
  settlement: 'settlement',
  cancellation_fee: 'cancellationFee',
  promo_discount: 'promoDiscount',
  fare_adjustment: 'fareAdjustment',
  refund_requested: 'refundRequested',
  refund_paid: 'refundPaid',
  refund_failed: 'refundFailed',
  refund_to_wallet: 'refundToWallet',
} as const;
const isMoneyKind = (kind: WalletKind): kind is keyof typeof MONEY_KIND_LABEL => kind in MONEY_KIND_LABEL;

/** The business's balance card and its Recent Activity for a date filter (This Month first), 100 a page. */
export function WalletBoard({ timeZone }: { timeZone: string }) {
  const t = useTranslations('PartnerWallet');
  const [selection, setSelection] = useState<DateSelection>({ filter: 'thisMonth' });
  const [page, setPage] = useState(0);
  const query = selectionQuery(selection, 'date_filter');
  query.set('offset', String(page * WALLET_PAGE_SIZE));
  query.set('limit', String(WALLET_PAGE_SIZE));
  const wallet = usePartnerWallet(query.toString());

  if (!wallet.data)
    return (
      <LoadState
        status={loadStatus(wallet) === 'error' ? 'error' : 'loading'}
        loading={t('loading')}
        error={t('loadError')}
        retry={t('retry')}
        onRetry={() => void wallet.refetch()}
      />
    );
  const { total, statement, transactions, paging } = wallet.data;
  return (
    <>
      <BalanceCard currency={total.currency} balance={total.balance} owed={total.owed} available={total.available} />
      <section className={styles.screen} aria-labelledby="wallet-activity">
        <h2 id="wallet-activity">{t('activityTitle')}</h2>
        <DateFilterBar
          value={selection}
          timeZone={timeZone}
          onChange={(next) => {
            setSelection(next);
            setPage(0);
          }}
        />
        <Statement currency={total.currency} statement={statement} />
        {transactions.length ? <Activity transactions={transactions} timeZone={timeZone} /> : <p className={`${ui.card} ${styles.muted}`}>{t('empty')}</p>}
        {paging.count > WALLET_PAGE_SIZE ? <Paginator page={page} size={WALLET_PAGE_SIZE} total={paging.count} onPage={setPage} /> : null}
      </section>
    </>
  );
}

/** Balance (held for the operator), owed (commission on cash rides) and available (for payout), each on its own card. */
function BalanceCard({ currency, balance, owed, available }: { currency: string; balance: number; owed: number; available: number }) {
  const t = useTranslations('PartnerWallet');
  const tm = useTranslations('Money');
  const locale = useLocale();
  const figure = (key: string, title: string, hint: string, value: number) => (
    <li className={`${ui.card} ${styles.counter}`} aria-labelledby={`wallet-${key}`}>
      <h2 id={`wallet-${key}`} className={styles.muted}>
        {title}
      </h2>
      <p className={styles.value}>{formatMoney(toMinor(value), currency, locale)}</p>
      <p className={styles.muted}>{hint}</p>
    </li>
  );
  return (
    <ul className={styles.moneyCards} aria-label={tm('accountLabel', { currency })}>
      {figure('balance', t('balanceTitle'), tm('balanceHint'), balance)}
      {figure('owed', tm('owedTitle'), tm('owedHint'), owed)}
      {figure('available', tm('availableTitle'), tm('availableHint'), available)}
    </ul>
  );
}

/** What the entries of the chosen dates add up to: fares (online and cash), commission, payouts and settlements. */
function Statement({
  currency,
  statement,
}: {
  currency: string;
  statement: { revenue: number; online: number; cash: number; commission: number; payouts: number; settlements: number };
}) {
  const tm = useTranslations('Money');
  const locale = useLocale();
  const rows = [
    ['online', statement.online],
    ['cash', statement.cash],
    ['revenue', statement.revenue],
    ['commission', statement.commission],
    ['payouts', statement.payouts],
    ['settlements', statement.settlements],
  ] as const;
  return (
    <div className={table.scroller}>
      <table className={table.table}>
        <caption>{tm('statementTitle')}</caption>
        <tbody>
          {rows.map(([key, value]) => (
            <tr key={key}>
              <th scope="row">{tm(`statement.${key}`)}</th>
              <td className={table.number}>{formatMoney(toMinor(value), currency, locale)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Activity({ transactions, timeZone }: { transactions: WalletTransaction[]; timeZone: string }) {
  const t = useTranslations('PartnerWallet');
  const tm = useTranslations('Money');
  const locale = useLocale();
  const describe = (row: WalletTransaction) => {
    if (isMoneyKind(row.kind)) {
      const money = MONEY_KIND_LABEL[row.kind];
      return money === 'settlement' || row.ride_id === null ? tm(`kind.${money}`, { id: row.ride_id ?? 0 }) : tm(`kind.${money}`, { id: row.ride_id });
    }
    const key = KIND_LABEL[row.kind];
    if (key === 'payout' || key === 'adjustment') return t(`kind.${key}`);
    return row.ride_id === null ? row.description : t(`kind.${key}`, { id: row.ride_id });
  };
  return (
    <div className={table.scroller}>
      <table className={table.table}>
        <thead>
          <tr>
            <th scope="col">{t('description')}</th>
            <th scope="col">{t('time')}</th>
            <th scope="col">{t('type')}</th>
            <th scope="col" className={table.number}>
              {t('amount')}
            </th>
          </tr>
        </thead>
        <tbody>
          {transactions.map((row) => (
            <tr key={row.id}>
              <td>{describe(row)}</td>
              <td className={table.nowrap}>{formatDateTime(row.local_time, locale, timeZone)}</td>
              <td>
                <span className={`${table.badge} ${table[row.transaction]}`}>{t(row.transaction)}</span>
              </td>
              <td className={table.number}>
                {formatMoney(toMinor(row.transaction === 'debit' ? -row.amount : row.amount), row.currency, locale, { signed: row.transaction !== 'memo' })}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
