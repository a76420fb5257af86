import * as z from 'zod/mini';
import { businessNameSchema, emailSchema, otpSchema, personNameSchema, phoneSchema } from '@/lib/contact/identifiers';

/*
 * The sign-in and signup forms' schemas, in zod/mini so the browser's resolver
 * (zodResolver) checks with the field schemas the route handlers parse with
 * (lib/auth/schemas.ts composes the same objects).
 */

/** @public */
export const emailLoginSchema = z.object({ email: emailSchema });
export const phoneLoginSchema = z.object({ phone: phoneSchema });
export const partnerSignupSchema = z.object({ name: businessNameSchema, email: emailSchema, phone: phoneSchema });
/** Delivery partners may leave the phone empty (docs/requirements/partner.md#signup-and-login). */
export const deliverySignupSchema = z.object({
  name: businessNameSchema,
  email: emailSchema,
  phone: z.pipe(
    z.transform((v: unknown) => ((v as { number?: string } | undefined)?.number ? v : undefined)),
    z.optional(phoneSchema),
  ),
});
export const bookingSignupSchema = z.object({ userName: personNameSchema, phone: phoneSchema });
/** @public */
export const codeFormSchema = z.object({ otp: otpSchema });

export type PartnerSignupInput = z.infer<typeof partnerSignupSchema>;
export type BookingSignupInput = z.infer<typeof bookingSignupSchema>;
