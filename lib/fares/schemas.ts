import { z } from 'zod';
import { RIDE_TYPES, TRIP_KINDS } from '@/lib/booking/vocabulary';
import { quoteRuleIssues } from './quote-rules';

export { MAX_ADVANCE_DAYS, PAST_SLACK_MS } from './quote-rules';

/*
 * The quote request (places, times, trip kind) shared by the route handler, the
 * chat agent and the tests; the booking form checks with ./quote-rules, which
 * the refinement below also applies. What books and cancels a ride is
 * lib/booking/schemas.ts. Messages are keys of the `Validation` namespace
 * (lib/errors/validation-text.ts for the API).
 */

/** Pickup and drop-off closer than this are the same place. */
export const SAME_PLACE_METERS = 300;

export const placeSchema = z.object(
  {
    lat: z.number().min(-90).max(90),
    lng: z.number().min(-180).max(180),
    name: z.string().trim().min(1).max(200),
  },
  { error: 'placeRequired' },
);

const isoTime = z.iso.datetime({ offset: true, error: 'timeInvalid' });

export const quoteRequestSchema = z
  .object({
    rideType: z.enum(RIDE_TYPES, { error: 'rideTypeInvalid' }).default('oneway'),
    tripKind: z.enum(TRIP_KINDS, { error: 'tripKindInvalid' }).default('outstation'),
    packageDetails: z.string().max(40).nullish(),
    pickupLocation: placeSchema.nullish(),
    dropoffLocation: placeSchema.nullish(),
    pickupTime: isoTime.nullish(),
    returnTime: isoTime.nullish(),
  })
  .superRefine((v, ctx) => {
    // the rules live in ./quote-rules so the booking form checks them without zod
    for (const { path, message } of quoteRuleIssues(v)) ctx.addIssue({ code: 'custom', path: [path], message });
  });

export type QuoteRequest = z.infer<typeof quoteRequestSchema>;
