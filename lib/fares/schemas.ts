import { z } from 'zod';
import { RIDE_TYPES, TRIP_KINDS } from '@/lib/booking/vocabulary';
import { isoTimeSchema, placeSchema } from './quote-fields';
import { quoteRuleIssues } from './quote-rules';

export { MAX_ADVANCE_DAYS, PAST_SLACK_MS } from './quote-rules';

/*
 * The quote request (places, times, trip kind) shared by the route handler, the
 * chat agent and the tests, built from the place and time schemas of
 * ./quote-fields and the rules of ./quote-rules, which the booking form checks
 * with in the browser. What books and cancels a ride is lib/booking/schemas.ts. Messages are keys of the `Validation` namespace
 * (lib/errors/validation-text.ts for the API).
 */

/** Pickup and drop-off closer than this are the same place. */
export const SAME_PLACE_METERS = 300;

export const quoteRequestSchema = z
  .object({
    rideType: z.enum(RIDE_TYPES, { error: 'rideTypeInvalid' }).default('oneway'),
    tripKind: z.enum(TRIP_KINDS, { error: 'tripKindInvalid' }).default('outstation'),
    packageDetails: z.string().max(40).nullish(),
    pickupLocation: z.nullish(placeSchema),
    dropoffLocation: z.nullish(placeSchema),
    pickupTime: z.nullish(isoTimeSchema),
    returnTime: z.nullish(isoTimeSchema),
  })
  .superRefine((v, ctx) => {
    // the rules live in ./quote-rules so the booking form checks the same ones
    for (const { path, message } of quoteRuleIssues(v)) ctx.addIssue({ code: 'custom', path: [path], message });
  });

export type QuoteRequest = z.infer<typeof quoteRequestSchema>;
