import { endpoint } from '@/lib/api/endpoint';
import { placeSearchSchema } from '@/lib/places/schemas';
import { suggestPlaces } from '@/lib/places/search';
import { placeSearchContext } from '@/lib/tenancy/service-area';

/** Place suggestions for the booking form: places in the countries the operator serves, its country and service cities first, then the rider's location when sent. */
export const GET = endpoint({ query: placeSearchSchema }, async ({ tenant, query }) => {
  const area = await placeSearchContext(tenant);
  const rider = query.lat !== undefined && query.lng !== undefined ? { lat: query.lat, lng: query.lng } : undefined;
  const data = await suggestPlaces(query.q, {
    country: query.country ?? area.country,
    near: area.near,
    served: area.served,
    language: query.lang,
    rider,
    kind: query.kind,
  });
  return { success: true, data };
});
