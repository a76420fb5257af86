import { z } from 'zod';

export const placeSearchSchema = z.object({
  q: z.string().trim().min(1, 'placeQueryRequired').max(100, 'placeQueryTooLong'),
  country: z
    .string()
    .regex(/^[A-Za-z]{2}$/, 'countryInvalid')
    .transform((c) => c.toUpperCase())
    .optional(),
  lang: z.string().regex(/^[a-z]{2}$/).optional(),
});

export const reverseGeocodeSchema = z.object({
  lat: z.coerce.number({ error: 'latInvalid' }).min(-90, 'latInvalid').max(90, 'latInvalid'),
  lng: z.coerce.number({ error: 'lngInvalid' }).min(-180, 'lngInvalid').max(180, 'lngInvalid'),
  lang: z.string().regex(/^[a-z]{2}$/).optional(),
});
