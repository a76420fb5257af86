import { z } from 'zod';
import { PROMO_KINDS, TRIP_KINDS, VEHICLE_TYPES } from '@/lib/booking/vocabulary';
import { promoCodeSchema } from '@/lib/booking/schemas';
import { hasTwoDecimals } from '@/lib/money/minor';

/*
 * Promo codes as the console edits them and riders type them. Codes are
 * compared without case and surrounding space; amounts are major units with
 * at most 2 decimals, a percentage at most 100; dates are the operator's
 * local days (valid through the end of `validTo`). Messages are keys of
 * `Money.errors`.
 */

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'promoDateInvalid');

const money = z.number({ error: 'promoAmountInvalid' }).max(10_000_000, 'promoAmountInvalid').refine(hasTwoDecimals, 'promoAmountInvalid');
const count = z.number({ error: 'promoCountInvalid' }).int('promoCountInvalid').positive('promoCountInvalid').max(1_000_000, 'promoCountInvalid');

export const promoInputSchema = z
  .object({
    code: promoCodeSchema,
    kind: z.enum(PROMO_KINDS, { error: 'promoKindInvalid' }),
    value: money.refine((v) => v > 0, 'promoValueNotPositive'),
    maxDiscount: money
      .refine((v) => v > 0, 'promoAmountInvalid')
      .nullable()
      .default(null),
    minFare: money.refine((v) => v >= 0, 'promoAmountInvalid').default(0),
    validFrom: day.nullable().default(null),
    validTo: day.nullable().default(null),
    tripKinds: z
      .array(z.enum(TRIP_KINDS, { error: 'promoTripKindInvalid' }))
      .max(TRIP_KINDS.length)
      .default([]),
    vehicleTypes: z
      .array(z.enum(VEHICLE_TYPES, { error: 'promoVehicleInvalid' }))
      .max(VEHICLE_TYPES.length)
      .default([]),
    firstRideOnly: z.boolean().default(false),
    perRiderLimit: count.nullable().default(null),
    maxUses: count.nullable().default(null),
    budget: money
      .refine((v) => v > 0, 'promoAmountInvalid')
      .nullable()
      .default(null),
    active: z.boolean().default(true),
  })
  .refine((p) => p.kind !== 'percent' || p.value <= 100, { message: 'promoPercentTooHigh', path: ['value'] })
  .refine((p) => !p.validFrom || !p.validTo || p.validFrom <= p.validTo, { message: 'promoDatesReversed', path: ['validTo'] });
export type PromoInput = z.input<typeof promoInputSchema>;
export type PromoValues = z.output<typeof promoInputSchema>;

/** PATCH: pause or resume a code. */
export const promoStatusSchema = z.object({ active: z.boolean({ error: 'promoActiveInvalid' }) });

/** A rider's code checked against a fare before booking (the summary's Apply). */
export const promoCheckSchema = z.object({
  code: promoCodeSchema,
  rideSearchId: z.uuid({ error: 'quoteUnknown' }),
  rideVehicle: z.enum(VEHICLE_TYPES, { error: 'vehicleUnknown' }),
  /** The type's non-AC option (a quote lists it where the operator offers one); absent or false: AC. */
  rideNonAc: z.boolean({ error: 'vehicleUnknown' }).optional(),
});
