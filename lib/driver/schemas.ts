import { PAYMENT_METHODS } from '@/lib/booking/vocabulary';
import { z } from 'zod';
import { waitingMinutesSchema } from '@/lib/airports/schemas';

/*
 * Driver app inputs, shared by the driver's screens, the route handlers, the
 * socket server and the tests. Messages are keys of `Validation`.
 */

/** A position as the browser's geolocation gives it; out-of-range or non-finite numbers are refused. */
export const driverLocationSchema = z.object({
  lat: z.number({ error: 'latInvalid' }).min(-90, 'latInvalid').max(90, 'latInvalid'),
  lng: z.number({ error: 'lngInvalid' }).min(-180, 'lngInvalid').max(180, 'lngInvalid'),
  /** When the phone took the fix (ms since 1970, the Geolocation API's timestamp); absent: when it arrives. */
  at: z.number({ error: 'timeInvalid' }).int('timeInvalid').positive('timeInvalid').max(8.64e15, 'timeInvalid').optional(),
});
export type DriverLocation = z.infer<typeof driverLocationSchema>;

/** POST /api/driver/rides/{id}: start with the rider's 4-digit code, complete, or say the driver is at the meeting point. */
export const driverRideActionSchema = z.discriminatedUnion(
  'action',
  [
    z.object({
      action: z.literal('start'),
      startCode: z
        .string()
        .trim()
        .regex(/^\d{4}$/, 'startCodeFormat'),
    }),
    z.object({
      action: z.literal('complete'),
      paymentMethod: z.enum(PAYMENT_METHODS, { error: 'paymentInvalid' }).optional(),
      /** Minutes waited before the trip started (empty: the app's clock, from the landing or pickup time to the start). */
      waitingMinutes: waitingMinutesSchema.optional(),
    }),
    /** "I am at the meeting point": the rider is told. */
    z.object({ action: z.literal('arrived') }),
    /** On the way to the pickup: the rider sees the live position from now. */
    z.object({ action: z.literal('setOff') }),
  ],
  { error: 'actionInvalid' },
);
export type DriverRideAction = z.infer<typeof driverRideActionSchema>;

export const DRIVER_RIDE_SCOPES = ['active', 'recent'] as const;
export const driverRidesQuerySchema = z.object({ scope: z.enum(DRIVER_RIDE_SCOPES, { error: 'actionInvalid' }).default('active') });
export type DriverRideScope = (typeof DRIVER_RIDE_SCOPES)[number];

/** PATCH /api/driver/availability: the driver app's online switch. */
export const driverAvailabilitySchema = z.object({ online: z.boolean({ error: 'onlineInvalid' }) });
