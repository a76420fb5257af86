import { z } from 'zod';

/*
 * The operator's trip limits and wallet share as the console edits them
 * (console > Fares > Trip limits and wallet): whole km, the wallet share in
 * percent. Messages are keys of `Rates.errors`.
 */

export const TRIP_RULE_CAPS = { localMaxKm: 1_000, outstationMaxKm: 10_000, serviceRadiusKm: 5_000, nowMaxKm: 10_000, walletSpendPercent: 100 } as const;

const km = (max: number) => z.number({ error: 'kmInvalid' }).int('kmInvalid').min(0, 'kmInvalid').max(max, 'kmTooHigh');

export const tripRulesInputSchema = z.object({
  localMaxKm: km(TRIP_RULE_CAPS.localMaxKm),
  outstationMaxKm: km(TRIP_RULE_CAPS.outstationMaxKm),
  serviceRadiusKm: km(TRIP_RULE_CAPS.serviceRadiusKm),
  nowMaxKm: km(TRIP_RULE_CAPS.nowMaxKm),
  walletSpendPercent: z
    .number({ error: 'percentInvalid' })
    .min(0, 'percentInvalid')
    .max(TRIP_RULE_CAPS.walletSpendPercent, 'percentInvalid')
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'percentInvalid'),
});

export type TripRulesInput = z.infer<typeof tripRulesInputSchema>;
