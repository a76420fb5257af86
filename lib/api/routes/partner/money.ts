import { z } from 'zod';
import { endpoint } from '@/lib/api/endpoint';
import { moneyReport } from '@/lib/money/reconciliation';
import { moneyRange } from '@/lib/partner/money-range';
import { PARTNER_ROLES } from '@/lib/partner/schemas';

/** Both dates are checked by moneyRange (lib/partner/money-range.ts), which names the field at fault. */
export const moneyQuerySchema = z.object({
  from: z.string({ error: 'dateInvalid' }).max(10, 'dateInvalid').optional(),
  to: z.string({ error: 'dateInvalid' }).max(10, 'dateInvalid').optional(),
});

/** Money (docs/requirements/partner.md#money): every category from the rides and from the ledger, and their differences, for pickup dates from..to. */
export const GET = endpoint({ auth: PARTNER_ROLES, query: moneyQuerySchema }, async ({ db, tenant, query }) => {
  return { success: true, data: await moneyReport(db, tenant, moneyRange(query, tenant.timeZone)) };
});
