import { z } from 'zod';
import { NAME_MAX } from './checks';
import { BIDI_CONTROLS, nameSkeleton } from './name-skeleton';

export { NAME_MAX };

/*
 * Field schemas shared by forms and route handlers (forms check with their
 * zod-free copies in ./checks, held to the same answers by tests). Messages are keys of the
 * `Validation` namespace in messages/: forms show them translated, the API
 * answers with the English text (lib/errors/validation-text.ts).
 */

/** E-mail as stored and compared: trimmed, lower-cased. */
export const emailSchema = z
  .string({ error: 'emailRequired' })
  .trim()
  .toLowerCase()
  .min(1, 'emailRequired')
  .max(254, 'emailInvalid')
  .pipe(z.email('emailInvalid'));

/** Dial code without "+" (1 to 4 digits). */
export const dialCodeSchema = z
  .string({ error: 'phoneRequired' })
  .trim()
  .transform((v) => v.replace(/^\+/, ''))
  .pipe(z.string().regex(/^[1-9]\d{0,3}$/, 'phoneInvalid'));

/** National number: spaces, dashes and brackets stripped, a leading 0 dropped, then 6 to 14 digits. */
export const nationalPhoneSchema = z
  .string({ error: 'phoneRequired' })
  .trim()
  .min(1, 'phoneRequired')
  .transform((v) => v.replace(/[\s\-().]/g, '').replace(/^0+/, ''))
  .pipe(z.string().regex(/^\d{6,14}$/, 'phoneInvalid'));

export const phoneSchema = z.object({ dialCode: dialCodeSchema, number: nationalPhoneSchema }, { error: 'phoneRequired' });
export type Phone = z.infer<typeof phoneSchema>;

export const personNameSchema = z.string({ error: 'nameRequired' }).trim().min(1, 'nameRequired').max(NAME_MAX, 'nameTooLong');

/**
 * A business name: 1-80 characters with at least one letter or digit a reader
 * sees, and none of the bidirectional controls that would show it in another
 * order (issue 35 §10; uniqueness by skeleton is lib/tenancy/business-names.ts).
 */
export const businessNameSchema = z
  .string({ error: 'businessNameRequired' })
  .trim()
  .min(1, 'businessNameRequired')
  .max(80, 'businessNameTooLong')
  .refine((name) => !BIDI_CONTROLS.test(name), 'businessNameBidi')
  .refine((name) => nameSkeleton(name) !== '', 'businessNameRequired');

/** A sign-in code: 6 digits (OTP.LENGTH in lib/auth/constants.ts). */
export const otpSchema = z
  .string({ error: 'otpFormat' })
  .trim()
  .regex(/^\d{6}$/, 'otpFormat');

export function e164(phone: Phone): string {
  return `+${phone.dialCode}${phone.number}`;
}
