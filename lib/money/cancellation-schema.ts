import { z } from 'zod';
import { CANCEL_FEE_TYPES, TRIP_KINDS, type TripKind } from '@/lib/booking/vocabulary';
import { hasTwoDecimals } from '@/lib/money/minor';

/*
 * The console's cancellation rules (Fares page), one per trip kind: free
 * until this many minutes before pickup (at most a week), then a fee that is
 * a fixed amount (major units) or a percentage of the fare (at most 100).
 * Messages are keys of `Money.errors`.
 */

export const MAX_FREE_MINUTES = 7 * 24 * 60;
export const MAX_FIXED_FEE = 1_000_000;

const ruleSchema = z
  .object({
    freeMinutes: z.number({ error: 'freeMinutesInvalid' }).int('freeMinutesInvalid').min(0, 'freeMinutesInvalid').max(MAX_FREE_MINUTES, 'freeMinutesTooHigh'),
    feeType: z.enum(CANCEL_FEE_TYPES, { error: 'feeTypeInvalid' }),
    feeValue: z.number({ error: 'feeInvalid' }).min(0, 'feeNegative').max(MAX_FIXED_FEE, 'feeTooHigh').refine(hasTwoDecimals, 'feeInvalid'),
  })
  .refine((rule) => rule.feeType !== 'percent' || rule.feeValue <= 100, { message: 'percentTooHigh', path: ['feeValue'] });

export const cancellationRulesInputSchema = z.object(Object.fromEntries(TRIP_KINDS.map((kind) => [kind, ruleSchema])) as Record<TripKind, typeof ruleSchema>);
export type CancellationRulesInput = z.infer<typeof cancellationRulesInputSchema>;
