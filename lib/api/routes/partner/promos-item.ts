import { endpoint } from '@/lib/api/endpoint';
import { notFound } from '@/lib/api/errors';
import { pathId } from '@/lib/http/params';
import { PARTNER_ROLES } from '@/lib/partner/schemas';
import { deletePromo, setPromoActive, updatePromo } from '@/lib/partner/promos';
import { promoInputSchema, promoStatusSchema } from '@/lib/money/promo-schema';

const promoId = (value: string | undefined) => {
  const id = pathId(value);
  if (!id) throw notFound('promoId: This promo code was not found.');
  return id;
};

/** Replaces a code's terms; its uses so far stay. */
export const PUT = endpoint({ auth: PARTNER_ROLES, body: promoInputSchema }, async ({ db, tenant, body, params }) => {
  return { success: true, data: await updatePromo(db, tenant, promoId(params.id), body) };
});

/** Pauses or resumes a code. */
export const PATCH = endpoint({ auth: PARTNER_ROLES, body: promoStatusSchema }, async ({ db, tenant, body, params }) => {
  return { success: true, data: await setPromoActive(db, tenant, promoId(params.id), body.active) };
});

/** Deletes a code no ride has used (409 for a used one: pause it). */
export const DELETE = endpoint({ auth: PARTNER_ROLES }, async ({ db, tenant, params }) => {
  await deletePromo(db, tenant.id, promoId(params.id));
  return { success: true };
});
