import * as z from 'zod/mini';

/*
 * A quote request's place and time fields, in zod/mini: the server's
 * `quoteRequestSchema` (./schemas) is built from them and the booking form
 * checks the request it built with them (./quote-rules).
 */

export const placeSchema = z.object(
  {
    lat: z.number().check(z.gte(-90), z.lte(90)),
    lng: z.number().check(z.gte(-180), z.lte(180)),
    name: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
  },
  { error: 'placeRequired' },
);

export const isoTimeSchema = z.iso.datetime({ offset: true, error: 'timeInvalid' });
