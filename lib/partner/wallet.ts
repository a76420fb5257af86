import 'server-only';
import type { Db } from '@/lib/db/client';
import type { WalletKind } from '@/lib/db/schema';
import { countEntriesBetween, entriesBetween, operatorAccount, statementTotals } from '@/lib/wallet/ledger';
import { localIsoTime } from './dates';
import type { ResolvedRange } from './range';

/** One ledger row in the field names the screen reads (docs/requirements/partner.md#wallet), with the kind and ride for translated labels. */
export type WalletTransaction = {
  id: number;
  kind: WalletKind;
  /** The ride's number within the operator. */
  ride_id: number | null;
  description: string;
  /** The business's wall-clock time with its offset, e.g. 2026-05-01T00:30:00+05:30. */
  local_time: string;
  /** memo: money that never reaches the balance (cash a driver kept, a refund in flight to a rider). */
  transaction: 'credit' | 'debit' | 'memo';
  /** Major units, never negative; `transaction` says which way. */
  amount: number;
  currency: string;
};

export type PartnerWallet = {
  /** Major units: balance held for the operator, commission it owes on cash rides, and what can be paid out. */
  total: { currency: string; balance: number; owed: number; available: number };
  /** Major units, entries written in the range: fares (online and cash), commission, payouts and settlements. */
  statement: { revenue: number; online: number; cash: number; commission: number; payouts: number; settlements: number };
  transactions: WalletTransaction[];
  range: { from: string; to: string };
  paging: { offset: number; limit: number; count: number };
};

/** The business's own ledger (rows with no user): its balance and the entries of a date range. */
export async function partnerWallet(
  db: Db,
  business: { id: number; currency: string; timeZone: string },
  range: ResolvedRange,
  page: { offset: number; limit: number },
): Promise<PartnerWallet> {
  const [account, totals, entries, count] = await Promise.all([
    operatorAccount(db, business.id),
    statementTotals(db, business.id, range),
    entriesBetween(db, business.id, null, { ...range, ...page }),
    countEntriesBetween(db, business.id, null, range),
  ]);
  return {
    total: { currency: business.currency, balance: account.balance / 100, owed: account.owed / 100, available: account.available / 100 },
    statement: Object.fromEntries(Object.entries(totals).map(([k, v]) => [k, v / 100])) as PartnerWallet['statement'],
    transactions: entries.map((e) => {
      // owed grows = a debit for the operator; cash kept by a driver and refunds in flight are memos
      const change = e.available || e.pending || -e.owed;
      const memo = change === 0 ? e.cash || e.refund : 0;
      return {
        id: e.id,
        kind: e.kind,
        ride_id: e.rideNumber,
        description: e.description,
        local_time: localIsoTime(e.createdAt, business.timeZone),
        transaction: memo ? 'memo' : change < 0 ? 'debit' : 'credit',
        amount: Math.abs(change || memo) / 100,
        currency: e.currency,
      };
    }),
    range: { from: range.from, to: range.to },
    paging: { ...page, count },
  };
}
