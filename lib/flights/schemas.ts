import { z } from 'zod';

/*
 * Flight inputs shared by the booking form, the console, the driver app, the
 * route handlers and the tests. Messages are keys of `Validation`.
 */

const day = z.string({ error: 'timeInvalid' }).regex(/^\d{4}-\d{2}-\d{2}$/, 'timeInvalid');
const instant = z.iso.datetime({ offset: true, error: 'flightTimeInvalid' });

/** GET /api/flights/check: a flight number for an airport (IATA code) on a local date. The number is checked by lib/flights/check.ts. */
export const flightCheckQuerySchema = z.object({
  flight: z.string({ error: 'flightInvalid' }).max(20, 'flightTooLong'),
  airport: z
    .string({ error: 'airportInvalid' })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, 'airportInvalid'),
  date: day,
  direction: z.enum(['arrival', 'departure'], { error: 'flightDirectionInvalid' }).default('arrival'),
});

/** What a person records when no provider tells us: the flight landed at a time, or is now expected at one. */
const recorded = [z.object({ action: z.literal('landed'), at: instant }), z.object({ action: z.literal('eta'), at: instant })] as const;

/** POST /api/driver/rides/{id}/flight */
export const driverFlightSchema = z.discriminatedUnion('action', [...recorded], { error: 'actionInvalid' });

/** POST /api/partner/rides/{id}/flight: also ask the provider now, or turn following the flight on or off for this ride. */
export const partnerFlightSchema = z.discriminatedUnion(
  'action',
  [...recorded, z.object({ action: z.literal('check') }), z.object({ action: z.literal('follow'), follow: z.boolean({ error: 'followInvalid' }) })],
  { error: 'actionInvalid' },
);
export type PartnerFlightAction = z.infer<typeof partnerFlightSchema>;
export type RecordedFlight = z.infer<typeof driverFlightSchema>;
