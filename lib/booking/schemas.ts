import { z } from 'zod';
import { PAYMENT_METHODS, REFUND_METHODS, VEHICLE_TYPES } from './vocabulary';
import { personNameSchema, phoneSchema } from '@/lib/contact/identifiers';
import { flightNumberIssue, normaliseFlightNumber } from './flight-number';

/*
 * What a rider (or the console, the chat agent, WhatsApp) sends to book a ride
 * and to cancel one: shared by the route handlers, the agent's tools and the
 * tests. The quote request it books from is lib/fares/schemas.ts. Messages are
 * keys of the `Validation` namespace.
 */

/** Major units as shown to the rider (e.g. 2450.5). */
const amount = z.number().nonnegative().max(1e9).optional();

/** A flight number field: normalised, then checked for its shape; blank is "none". */
export const flightNumberSchema = z
  .string({ error: 'flightInvalid' })
  .max(20, 'flightTooLong')
  .transform(normaliseFlightNumber)
  .superRefine((value, ctx) => {
    if (value === '') return;
    const issue = flightNumberIssue(value);
    if (issue) ctx.addIssue({ code: 'custom', message: issue });
  })
  .transform((value) => (value === '' ? undefined : value));
/** A promo code as a rider types it: trimmed, compared without case, 3 to 20 letters, digits, - or _. */
export const promoCodeSchema = z
  .string({ error: 'promoCodeFormat' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9_-]{3,20}$/, 'promoCodeFormat');

/** The booking payload (docs/requirements/rider.md#summary-and-booking); amounts are checked against the stored quote, never trusted. */
export const bookRideSchema = z.object({
  rideSearchId: z.uuid({ error: 'quoteUnknown' }),
  rideVehicle: z.enum(VEHICLE_TYPES, { error: 'vehicleUnknown' }),
  /** The type's non-AC option (a quote lists it where the operator offers one); absent or false: AC. */
  rideNonAc: z.boolean({ error: 'vehicleUnknown' }).optional(),
  idempotencyKey: z.string().trim().min(8).max(80),
  paymentMethod: z.enum(PAYMENT_METHODS, { error: 'paymentInvalid' }).default('cash'),
  /** "ai 302", "AI-302" -> "AI302"; letters in the number or more than 4 digits are refused. */
  flightNumber: flightNumberSchema.optional(),
  flightDirection: z.enum(['arrival', 'departure']).optional(),
  currency: z.string().max(3).optional(),
  rideAmount: amount,
  tolls: amount,
  driverBata: amount,
  totalAmount: amount,
  source: z.enum(['form', 'chat', 'whatsapp', 'console', 'console-agent']).default('form'),
  /** "This ride is for someone else": who travels; driver details and the start code go to this phone. */
  passenger: z.object({ name: personNameSchema, phone: phoneSchema }).optional(),
  /** The language the rider books in (trip messages and the invoice speak it). */
  language: z
    .string()
    .regex(/^[a-z]{2}$/)
    .optional(),
  /** Pay part of the fare from the rider's available wallet balance (up to the operator's share per ride). */
  useWallet: z.boolean().optional(),
  /** The operator's promo code (lib/money/promos): its discount is its own line; refused with the reason when it does not apply. */
  promoCode: promoCodeSchema.optional(),
});

export type BookRideInput = z.infer<typeof bookRideSchema>;

export const cancelRideSchema = z.object({
  reason: z.string().trim().min(1, 'reasonRequired').max(300, 'reasonTooLong'),
  /** Where a card payment goes back: the card (default) or the rider's wallet at once. */
  refundTo: z.enum(REFUND_METHODS, { error: 'refundMethodInvalid' }).optional(),
});
