import { endpoint } from '@/lib/api/endpoint';
import { resolveRange } from '@/lib/partner/range';
import { PARTNER_ROLES, walletQuerySchema } from '@/lib/partner/schemas';
import { partnerWallet } from '@/lib/partner/wallet';

/** Wallet (docs/requirements/partner.md#wallet): data.total {currency, balance} and data.transactions of the date filter, newest first. */
export const GET = endpoint({ auth: PARTNER_ROLES, query: walletQuerySchema }, async ({ db, tenant, query }) => {
  const range = resolveRange(query.date_filter, query, tenant.timeZone);
  return { success: true, data: await partnerWallet(db, tenant, range, { offset: query.offset, limit: query.limit }) };
});
