import { z } from 'zod';
import { waitingMinutesSchema } from '@/lib/airports/schemas';
import { PAYMENT_METHODS, RIDE_STATUSES, VEHICLE_TYPES } from '@/lib/db/schema/rides';
import { personNameSchema, phoneSchema } from '@/lib/contact/identifiers';
import { MAX_ID } from '@/lib/db/ids';

const localDate = z
  .string({ error: 'dateInvalid' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'dateInvalid')
  .optional();

/** The board's orders: pickup time (the default), ride number, customer name, status (booked to cancelled), fare. */
export const BOARD_SORTS = ['pickup', 'number', 'customer', 'status', 'fare'] as const;
export type BoardSort = (typeof BOARD_SORTS)[number];

/**
 * The board (docs/requirements/partner.md#rides-board): pickup dates from..to in the
 * operator's zone (Today when absent), a status tab, an order (pickup time
 * unless `sort` names another column; ties in pickup order), cursor paging,
 * and a search by ride number ("42" or "#42", any date).
 */
export const partnerRidesQuerySchema = z.object({
  status: z.enum(['all', ...RIDE_STATUSES], { error: 'statusInvalid' }).default('all'),
  from: localDate,
  to: localDate,
  sort: z.enum(BOARD_SORTS, { error: 'sortInvalid' }).default('pickup'),
  order: z.enum(['asc', 'desc'], { error: 'orderInvalid' }).default('asc'),
  cursor: z
    .string()
    .max(1000, 'cursorInvalid')
    .regex(/^[A-Za-z0-9_-]*$/, 'cursorInvalid')
    .optional(),
  limit: z.coerce.number({ error: 'limitInvalid' }).int('limitInvalid').min(1, 'limitInvalid').max(200, 'limitInvalid').default(50),
  q: z
    .string()
    .trim()
    .max(12, 'rideIdInvalid')
    .regex(/^#?\d*$/, 'rideIdInvalid')
    .transform((v) => v.replace('#', ''))
    .refine((v) => Number(v) <= MAX_ID, 'rideIdInvalid')
    .optional(),
});
export type PartnerRidesQuery = z.infer<typeof partnerRidesQuerySchema>;
export type BoardQuery = PartnerRidesQuery;

/** The CSV export: the range and the status it applies (all statuses unless one is chosen). */
export const ridesExportQuerySchema = z.object({
  status: z.enum(['all', ...RIDE_STATUSES], { error: 'statusInvalid' }).default('all'),
  from: localDate,
  to: localDate,
});

const id = z.coerce.number({ error: 'idInvalid' }).int('idInvalid').positive('idInvalid').max(MAX_ID, 'idInvalid');

/** One action on a ride from the console; each maps to a lifecycle transition. */
export const rideActionSchema = z.discriminatedUnion(
  'action',
  [
    z.object({ action: z.literal('accept'), driverId: id, vehicleId: id, upgrade: z.boolean({ error: 'upgradeInvalid' }).optional() }),
    z
      .object({ action: z.literal('reassign'), driverId: id.optional(), vehicleId: id.optional(), upgrade: z.boolean({ error: 'upgradeInvalid' }).optional() })
      .refine((v) => v.driverId !== undefined || v.vehicleId !== undefined, { message: 'reassignUnchanged' }),
    z.object({ action: z.literal('resendCode') }),
    z.object({ action: z.literal('decline'), reason: z.string().trim().min(1, 'reasonRequired').max(300, 'reasonTooLong') }),
    z.object({
      action: z.literal('start'),
      startCode: z
        .string()
        .trim()
        .regex(/^\d{4}$/, 'startCodeFormat'),
    }),
    z.object({
      action: z.literal('complete'),
      finalTolls: z.number().nonnegative('tollsInvalid').max(1_000_000, 'tollsInvalid').optional(),
      /** Minutes waited before the trip started (empty: counted from the landing or pickup time, once the driver was at the meeting point, to the start). */
      waitingMinutes: waitingMinutesSchema.optional(),
      /** How the customer paid: cash to the driver, UPI, or card (only a ride already paid through PayU). */
      paymentMethod: z.enum(PAYMENT_METHODS, { error: 'paymentInvalid' }).optional(),
    }),
    z.object({ action: z.literal('resetStartCode') }),
  ],
  { error: 'actionInvalid' },
);
export type RideAction = z.infer<typeof rideActionSchema>;

/** The Accept or Reassign dialog's choices, fitted to one ride's class when `rideId` is given. */
export const assignableQuerySchema = z.object({ rideId: id.optional() });

/** The partner books for a customer by phone (travel/ride/book); amounts come from the stored quote. */
export const bookForCustomerSchema = z.object({
  customerName: personNameSchema,
  customerPhone: phoneSchema,
  rideSearchId: z.uuid({ error: 'quoteUnknown' }),
  rideVehicle: z.enum(VEHICLE_TYPES, { error: 'vehicleUnknown' }),
  /** The type's non-AC option (a quote lists it where the operator offers one); absent or false: AC. */
  rideNonAc: z.boolean({ error: 'vehicleUnknown' }).optional(),
  idempotencyKey: z.string().trim().min(8).max(80),
  paymentMethod: z.enum(['cash', 'upi'], { error: 'paymentInvalid' }).default('cash'),
  flightNumber: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{2}\s?\d{1,4}[A-Z]?$/, 'flightInvalid')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  flightDirection: z.enum(['arrival', 'departure']).optional(),
});
export type BookForCustomerInput = z.infer<typeof bookForCustomerSchema>;
