import { endpoint } from '@/lib/api/endpoint';
import { refreshOperatorPages } from '@/lib/page-cache';
import { notFound } from '@/lib/api/errors';
import { VEHICLE_TYPES, type VehicleType } from '@/lib/db/schema';
import { saveRates } from '@/lib/partner/rates';
import { rateCardInputSchema } from '@/lib/partner/rate-schema';
import { PARTNER_ROLES } from '@/lib/partner/schemas';

const isVehicleType = (value: unknown): value is VehicleType => (VEHICLE_TYPES as readonly unknown[]).includes(value);

/**
 * Replaces one vehicle type's fares (major units); the next quote uses them,
 * booked rides keep their price, and the operator's place and route pages
 * (whose fare tables show them) are rendered afresh.
 */
export const PUT = endpoint({ auth: PARTNER_ROLES, body: rateCardInputSchema }, async ({ db, tenant, body, params }) => {
  if (!isVehicleType(params.vehicleType)) throw notFound('Unknown vehicle type.');
  const data = await saveRates(db, tenant, params.vehicleType, body);
  await refreshOperatorPages(tenant.slug);
  return { success: true, data };
});
