import { endpoint } from '@/lib/api/endpoint';
import { notFound } from '@/lib/api/errors';
import { reverseGeocodeSchema } from '@/lib/places/schemas';
import { reverseGeocode } from '@/lib/places/search';

/** The place at the rider's current location. */
export const GET = endpoint({ query: reverseGeocodeSchema }, async ({ query }) => {
  const place = await reverseGeocode({ lat: query.lat, lng: query.lng }, query.lang);
  if (!place) throw notFound('No address found for coordinates');
  return { success: true, data: place };
});
