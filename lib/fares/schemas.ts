import { z } from 'zod';
import { RIDE_TYPES, TRIP_KINDS, VEHICLE_TYPES, PAYMENT_METHODS } from '@/lib/db/schema/rides';

/*
 * Booking inputs shared by the form, the route handlers and the tests. Messages
 * are keys of the `Validation` namespace (lib/api/validation-text.ts for the API).
 */

/** Five minutes of slack for "now" bookings and clock drift. */
export const PAST_SLACK_MS = 5 * 60 * 1000;
/** Bookings open this far ahead. */
export const MAX_ADVANCE_DAYS = 180;
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
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (!v.pickupLocation) issue('pickupLocation', 'pickupRequired');
    if (v.tripKind !== 'rental' && !v.dropoffLocation) issue('dropoffLocation', 'dropoffRequired');
    if (!v.pickupTime) issue('pickupTime', 'pickupTimeRequired');
    if (v.tripKind === 'rental') {
      if (!v.packageDetails) issue('packageDetails', 'packageRequired');
      if (v.rideType === 'return') issue('rideType', 'rentalOneWay');
    }
    if (v.rideType === 'return' && !v.returnTime) issue('returnTime', 'returnRequired');
    if (v.pickupTime) {
      const pickup = Date.parse(v.pickupTime);
      if (pickup < Date.now() - PAST_SLACK_MS) issue('pickupTime', 'pickupInPast');
      if (pickup > Date.now() + MAX_ADVANCE_DAYS * 86_400_000) issue('pickupTime', 'pickupTooFar');
      if (v.rideType === 'return' && v.returnTime && Date.parse(v.returnTime) <= pickup) issue('returnTime', 'returnBeforePickup');
    }
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
});

export type BookRideInput = z.infer<typeof bookRideSchema>;

export const cancelRideSchema = z.object({ reason: z.string().trim().min(1, 'reasonRequired').max(300, 'reasonTooLong') });
