import { z } from 'zod';
import { DISPATCH_MODES } from '@/lib/db/schema/dispatch';

/*
 * Dispatch inputs shared by the console's settings form, the route handlers,
 * the driver app and the tests. Messages are keys of `Validation`.
 */

const whole = (min: number, max: number, key: string) => z.number({ error: key }).int(key).min(min, key).max(max, key);

/** Limits of each setting: seconds to answer, offers per ride, minutes of lead and buffer. */
export const DISPATCH_LIMITS = {
  offerSeconds: [10, 300],
  maxOffers: [1, 20],
  offerLeadMinutes: [5, 1440],
  bufferMinutes: [0, 240],
  shareLeadMinutes: [5, 240],
} as const;

export const dispatchSettingsSchema = z.object({
  mode: z.enum(DISPATCH_MODES, { error: 'dispatchModeInvalid' }),
  offerSeconds: whole(...DISPATCH_LIMITS.offerSeconds, 'offerSecondsInvalid'),
  maxOffers: whole(...DISPATCH_LIMITS.maxOffers, 'maxOffersInvalid'),
  allowUpgrades: z.boolean({ error: 'upgradeInvalid' }),
  offerLeadMinutes: whole(...DISPATCH_LIMITS.offerLeadMinutes, 'offerLeadInvalid'),
  bufferMinutes: whole(...DISPATCH_LIMITS.bufferMinutes, 'bufferInvalid'),
  shareLeadMinutes: whole(...DISPATCH_LIMITS.shareLeadMinutes, 'shareLeadInvalid'),
});
export type DispatchSettingsInput = z.infer<typeof dispatchSettingsSchema>;

/** The driver's answer to an offer. */
export const offerAnswerSchema = z.object({ answer: z.enum(['accept', 'decline'], { error: 'offerAnswerInvalid' }) });
export type OfferAnswer = z.infer<typeof offerAnswerSchema>;
