import 'server-only';
import type { Db } from '@/lib/db/client';
import type { WalletKind } from '@/lib/db/schema';
import { balanceOf, countEntriesBetween, entriesBetween } from '@/lib/wallet/ledger';
import { localIsoTime } from './dates';
import type { ResolvedRange } from './range';

/** One ledger row in the spec's shape (spec 001 §3), with the kind and ride for translated labels. */
export type WalletTransaction = {
  id: number;
  kind: WalletKind;
  ride_id: number | null;
  description: string;
  /** The business's wall-clock time with its offset, e.g. 2026-05-01T00:30:00+05:30. */
  local_time: string;
  transaction: 'credit' | 'debit';
  /** Major units, never negative; `transaction` says which way. */
  amount: number;
  currency: string;
};

export type PartnerWallet = {
  total: { currency: string; balance: number };
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
  const [balance, entries, count] = await Promise.all([
    balanceOf(db, business.id, null, business.currency),
    entriesBetween(db, business.id, null, { ...range, ...page }),
    countEntriesBetween(db, business.id, null, range),
  ]);
  return {
    total: { currency: business.currency, balance: balance.available / 100 },
    transactions: entries.map((e) => {
      const change = e.available || e.pending;
      return {
        id: e.id,
        kind: e.kind,
        ride_id: e.rideId,
        description: e.description,
        local_time: localIsoTime(e.createdAt, business.timeZone),
        transaction: change < 0 ? 'debit' : 'credit',
        amount: Math.abs(change) / 100,
        currency: e.currency,
      };
    }),
    range: { from: range.from, to: range.to },
    paging: { ...page, count },
  };
}
