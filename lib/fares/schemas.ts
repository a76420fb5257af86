import { z } from 'zod';
import { RIDE_TYPES, TRIP_KINDS, VEHICLE_TYPES, PAYMENT_METHODS } from '@/lib/db/schema/rides';
import { quoteRuleIssues } from './quote-rules';

export { MAX_ADVANCE_DAYS, PAST_SLACK_MS } from './quote-rules';

/*
 * Booking inputs shared by the route handlers and the tests (the booking form
 * checks with ./quote-rules, which the refinement below also applies). Messages
 * are keys of the `Validation` namespace (lib/api/validation-text.ts for the API).
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

/** Major units as shown to the rider (e.g. 2450.5). */
const amount = z.number().nonnegative().max(1e9).optional();

/** The booking payload of spec 000 §3; amounts are checked against the stored quote, never trusted. */
export const bookRideSchema = z.object({
  rideSearchId: z.uuid({ error: 'quoteUnknown' }),
  rideVehicle: z.enum(VEHICLE_TYPES, { error: 'vehicleUnknown' }),
  idempotencyKey: z.string().trim().min(8).max(80),
  paymentMethod: z.enum(PAYMENT_METHODS, { error: 'paymentInvalid' }).default('cash'),
  flightNumber: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{2}\s?\d{1,4}[A-Z]?$/, 'flightInvalid')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  flightDirection: z.enum(['arrival', 'departure']).optional(),
  currency: z.string().max(3).optional(),
  rideAmount: amount,
  tolls: amount,
  driverBata: amount,
  totalAmount: amount,
  source: z.enum(['form', 'chat', 'whatsapp', 'console']).default('form'),
  /** Pay part of the fare from the rider's available wallet balance (up to the operator's share per ride). */
  useWallet: z.boolean().optional(),
});

export type BookRideInput = z.infer<typeof bookRideSchema>;

export const cancelRideSchema = z.object({ reason: z.string().trim().min(1, 'reasonRequired').max(300, 'reasonTooLong') });
