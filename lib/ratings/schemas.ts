import { z } from 'zod';
import { COMMENT_MAX } from './limits';

export { COMMENT_MAX };

/** A rider's rating: 1 to 5 whole stars and an optional comment. */
export const rateRideSchema = z.object({
  stars: z.number({ error: 'starsRange' }).int('starsRange').min(1, 'starsRange').max(5, 'starsRange'),
  comment: z
    .string()
    .trim()
    .max(COMMENT_MAX, 'commentTooLong')
    .optional()
    .transform((v) => (v ? v : undefined)),
});
export type RateRideInput = z.infer<typeof rateRideSchema>;

export const moderateReviewSchema = z.object({ status: z.enum(['approved', 'rejected'], { error: 'reviewStatus' }) });
export type ModerateReviewInput = z.infer<typeof moderateReviewSchema>;
