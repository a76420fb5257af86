import { z } from 'zod';
import { hasTwoDecimals } from '@/lib/money/minor';

/*
 * One vehicle type's fares as the console edits them: amounts in major units
 * (rupees, dirhams), the night charge in percent. Shared by the form, the
 * PUT handler and the tests; messages are keys of `Rates.errors`.
 */

/** Largest accepted value per field, in major units (km, hours, percent where named). */
export const RATE_CARD_CAPS = {
  baseFare: 100_000,
  perKm: 10_000,
  minKm: 1_000,
  outstationPerKm: 10_000,
  minKmPerDay: 2_000,
  driverBataPerDay: 100_000,
  airportFee: 100_000,
  tollPerKm: 1_000,
  extraKmRate: 10_000,
  extraHourRate: 100_000,
  waitingCharge: 100_000,
  packagePrice: 1_000_000,
  packageHours: 24,
  packageKm: 2_000,
  packages: 8,
  nonAcDiscountPercent: 50,
} as const;

const money = (max: number) =>
  z.number({ error: 'amountInvalid' }).min(0, 'amountNegative').max(max, 'amountTooHigh').refine(hasTwoDecimals, 'decimalsInvalid');

const wholeKm = (max: number) => z.number({ error: 'kmInvalid' }).int('kmInvalid').min(0, 'kmInvalid').max(max, 'kmTooHigh');
const hour = z.number({ error: 'hourInvalid' }).int('hourInvalid').min(0, 'hourInvalid').max(23, 'hourInvalid');

export const rentalPackageSchema = z.object({
  hours: z
    .number({ error: 'packageHoursInvalid' })
    .int('packageHoursInvalid')
    .min(1, 'packageHoursInvalid')
    .max(RATE_CARD_CAPS.packageHours, 'packageHoursInvalid'),
  km: z.number({ error: 'packageKmInvalid' }).int('packageKmInvalid').min(1, 'packageKmInvalid').max(RATE_CARD_CAPS.packageKm, 'packageKmInvalid'),
  price: money(RATE_CARD_CAPS.packagePrice),
});

export const rateCardInputSchema = z.object({
  active: z.boolean({ error: 'activeInvalid' }),
  baseFare: money(RATE_CARD_CAPS.baseFare),
  perKm: money(RATE_CARD_CAPS.perKm),
  minKm: wholeKm(RATE_CARD_CAPS.minKm),
  outstationPerKm: money(RATE_CARD_CAPS.outstationPerKm),
  minKmPerDay: wholeKm(RATE_CARD_CAPS.minKmPerDay),
  driverBataPerDay: money(RATE_CARD_CAPS.driverBataPerDay),
  nightChargePercent: z.number({ error: 'percentInvalid' }).min(0, 'percentInvalid').max(100, 'percentInvalid').refine(hasTwoDecimals, 'decimalsInvalid'),
  nightStartHour: hour,
  nightEndHour: hour,
  airportFee: money(RATE_CARD_CAPS.airportFee),
  tollPerKm: money(RATE_CARD_CAPS.tollPerKm),
  rentalPackages: z
    .array(rentalPackageSchema, { error: 'packagesRequired' })
    .min(1, 'packagesRequired')
    .max(RATE_CARD_CAPS.packages, 'packagesTooMany')
    .superRefine((list, ctx) => {
      const seen = new Set<string>();
      list.forEach((p, index) => {
        const key = packageCode(p);
        if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [index, 'hours'], message: 'packageDuplicate' });
        seen.add(key);
      });
    }),
  extraKmRate: money(RATE_CARD_CAPS.extraKmRate),
  extraHourRate: money(RATE_CARD_CAPS.extraHourRate),
  waitingCharge: money(RATE_CARD_CAPS.waitingCharge),
  /** The type also offered without AC, its per-km rates and packages this much lower (percent); null or absent: AC only. */
  nonAcDiscountPercent: z
    .number({ error: 'nonAcDiscountInvalid' })
    .min(1, 'nonAcDiscountInvalid')
    .max(RATE_CARD_CAPS.nonAcDiscountPercent, 'nonAcDiscountInvalid')
    .refine(hasTwoDecimals, 'decimalsInvalid')
    .nullish(),
});

export type RateCardInput = z.infer<typeof rateCardInputSchema>;

/** The package code quotes and rides carry ("4h40km"). */
export function packageCode(p: { hours: number; km: number }): string {
  return `${p.hours}h${p.km}km`;
}
