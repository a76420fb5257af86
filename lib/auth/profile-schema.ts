import { z } from 'zod';
import { emailSchema, personNameSchema } from '@/lib/contact/identifiers';

/** What a rider may change on their profile; the phone is their login and changes only by a new account. */
export const updateProfileSchema = z.object({
  name: personNameSchema,
  email: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), z.optional(emailSchema)),
});
export type UpdateProfileInput = z.infer<typeof updateProfileSchema>;
