import { endpoint } from '@/lib/api/endpoint';
import { bookableQuote } from '@/lib/rides/commands';
import { checkPromo } from '@/lib/money/promos';
import { promoCheckSchema } from '@/lib/money/promo-schema';
import { toMajor } from '@/lib/money/minor';

/**
 * The summary's Apply: the discount a code gives the chosen fare now, and the
 * total after it (major units), or a 4xx naming promoCode with the reason.
 * With a rider's session the rider's own limits are checked too; booking
 * checks everything again under the code's lock.
 */
export const POST = endpoint({ auth: 'optional', body: promoCheckSchema }, async ({ db, tenant, session, body }) => {
  const { quote, item } = await bookableQuote(db, tenant.id, { rideSearchId: body.rideSearchId, rideVehicle: body.rideVehicle, rideNonAc: body.rideNonAc });
  const riderId = session?.role === 'travelsx-user' ? session.userId : null;
  const { code, discount } = await checkPromo(
    db,
    tenant.id,
    body.code,
    { tripKind: quote.tripKind, vehicleType: item.vehicleType, total: item.total },
    riderId,
  );
  return { success: true, data: { code, discount: toMajor(discount), total: toMajor(item.total - discount), currency: quote.currency } };
});
