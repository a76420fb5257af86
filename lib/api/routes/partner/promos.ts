import { endpoint, jsonAt } from '@/lib/api/endpoint';
import { PARTNER_ROLES } from '@/lib/partner/schemas';
import { createPromo, listPromos } from '@/lib/partner/promos';
import { promoInputSchema } from '@/lib/money/promo-schema';

/** The operator's promo codes with their uses and discount given so far. */
export const GET = endpoint({ auth: PARTNER_ROLES }, async ({ db, tenant }) => {
  return { success: true, data: await listPromos(db, tenant) };
});

/** A new code: percentage or fixed, cap, minimum fare, dates, trip kinds and vehicle classes, rider and total limits. */
export const POST = endpoint({ auth: PARTNER_ROLES, body: promoInputSchema }, async ({ db, tenant, body }) => {
  return jsonAt({ success: true, data: await createPromo(db, tenant, body) }, 201);
});
