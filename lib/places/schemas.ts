import { z } from 'zod';

const latitude = z.coerce.number({ error: 'latInvalid' }).min(-90, 'latInvalid').max(90, 'latInvalid');
const longitude = z.coerce.number({ error: 'lngInvalid' }).min(-180, 'lngInvalid').max(180, 'lngInvalid');

export const placeSearchSchema = z.object({
  q: z.string().trim().min(1, 'placeQueryRequired').max(100, 'placeQueryTooLong'),
  country: z
    .string()
    .regex(/^[A-Za-z]{2}$/, 'countryInvalid')
    .transform((c) => c.toUpperCase())
    .optional(),
  lang: z
    .string()
    .regex(/^[a-z]{2}$/)
    .optional(),
  /** The rider's position, when the browser shared it (ranks places near it higher). */
  lat: latitude.optional(),
  lng: longitude.optional(),
  /** 'airport' on an airport trip: airports first. */
  kind: z.enum(['city', 'airport', 'locality']).optional(),
});

export const reverseGeocodeSchema = z.object({
  lat: latitude,
  lng: longitude,
  lang: z
    .string()
    .regex(/^[a-z]{2}$/)
    .optional(),
});
