import { endpoint } from '@/lib/api/endpoint';
import { balanceOf, entriesOf } from '@/lib/wallet/ledger';

/** The signed-in rider's wallet: available and pending cashback and the ledger, newest first. */
export const GET = endpoint({ auth: 'required' }, async ({ db, tenant, session }) => {
  const [balance, entries] = await Promise.all([
    balanceOf(db, tenant.id, session.userId, tenant.currency),
    entriesOf(db, tenant.id, session.userId, { limit: 100 }),
  ]);
  return {
    success: true,
    data: {
      balance,
      entries: entries.map((e) => ({
        id: e.id,
        kind: e.kind,
        rideId: e.rideNumber,
        available: e.available,
        pending: e.pending,
        currency: e.currency,
        createdAt: e.createdAt.toISOString(),
      })),
    },
  };
});
