import * as z from 'zod/mini';
import { BIDI_CONTROLS, nameSkeleton } from './name-skeleton';

/*
 * Field schemas shared by forms and route handlers: the browser checks with
 * these very objects (zod's small build, zod/mini) and the server's classic
 * zod schemas compose them, so both sides apply one rule. Messages are keys of
 * the `Validation` namespace in messages/: forms show them translated, the API
 * answers with the English text (lib/errors/validation-text.ts).
 */

export const NAME_MAX = 50;

/** E-mail as stored and compared: trimmed, lower-cased. */
export const emailSchema = z.pipe(
  z.string({ error: 'emailRequired' }).check(z.trim(), z.toLowerCase(), z.minLength(1, 'emailRequired'), z.maxLength(254, 'emailInvalid')),
  z.email('emailInvalid'),
);

/** Dial code without "+" (1 to 4 digits). */
export const dialCodeSchema = z.pipe(
  z.pipe(
    z.string({ error: 'phoneRequired' }).check(z.trim()),
    z.transform((v: string) => v.replace(/^\+/, '')),
  ),
  z.string().check(z.regex(/^[1-9]\d{0,3}$/, 'phoneInvalid')),
);

/** National number: spaces, dashes and brackets stripped, a leading 0 dropped, then 6 to 14 digits. */
export const nationalPhoneSchema = z.pipe(
  z.pipe(
    z.string({ error: 'phoneRequired' }).check(z.trim(), z.minLength(1, 'phoneRequired')),
    z.transform((v: string) => v.replace(/[\s\-().]/g, '').replace(/^0+/, '')),
  ),
  z.string().check(z.regex(/^\d{6,14}$/, 'phoneInvalid')),
);

export const phoneSchema = z.object({ dialCode: dialCodeSchema, number: nationalPhoneSchema }, { error: 'phoneRequired' });
export type Phone = z.infer<typeof phoneSchema>;

export const personNameSchema = z.string({ error: 'nameRequired' }).check(z.trim(), z.minLength(1, 'nameRequired'), z.maxLength(NAME_MAX, 'nameTooLong'));

/**
 * A business name: 1-80 characters with at least one letter or digit a reader
 * sees, and none of the bidirectional controls that would show it in another
 * order (issue 35 §10; uniqueness by skeleton is lib/tenancy/business-names.ts).
 */
export const businessNameSchema = z.string({ error: 'businessNameRequired' }).check(
  z.trim(),
  z.minLength(1, 'businessNameRequired'),
  z.maxLength(80, 'businessNameTooLong'),
  z.refine((name) => !BIDI_CONTROLS.test(name), 'businessNameBidi'),
  z.refine((name) => nameSkeleton(name) !== '', 'businessNameRequired'),
);

/** A sign-in code: 6 digits (OTP.LENGTH in lib/auth/constants.ts). */
export const otpSchema = z.string({ error: 'otpFormat' }).check(z.trim(), z.regex(/^\d{6}$/, 'otpFormat'));

export function e164(phone: Phone): string {
  return `+${phone.dialCode}${phone.number}`;
}
