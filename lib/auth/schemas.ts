import { z } from 'zod';
import { USER_ROLES } from '@/lib/db/schema/users';
import { businessNameSchema, emailSchema, otpSchema, personNameSchema, phoneSchema } from '@/lib/contact/identifiers';
import { CODE_CHANNEL, FEATURES } from './constants';

/* The code routes' schemas (classic zod) over the shared field schemas (zod/mini); the forms' are ./form-schemas. */

const userType = z.enum(USER_ROLES, { error: 'userTypeInvalid' });
const feature = z.enum(FEATURES, { error: 'featureInvalid' }).default('login');
const optionalPhone = z.object({ countryCode: z.string().optional(), phoneNumber: z.string().optional() }).transform((v, ctx) => {
  if (!v.phoneNumber) return undefined;
  const parsed = phoneSchema.safeParse({ dialCode: v.countryCode ?? '', number: v.phoneNumber });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: ['phoneNumber'] });
    return z.NEVER;
  }
  return parsed.data;
});

function requireIdentifier(value: { userType: (typeof USER_ROLES)[number]; email?: string; phone?: unknown }, ctx: z.RefinementCtx) {
  if (CODE_CHANNEL[value.userType] === 'email' && !value.email) ctx.addIssue({ code: 'custom', message: 'emailRequired', path: ['email'] });
  if (CODE_CHANNEL[value.userType] === 'sms' && !value.phone) ctx.addIssue({ code: 'custom', message: 'phoneRequired', path: ['phoneNumber'] });
}

/** POST /api/auth/otp/send */
export const sendCodeSchema = z
  .object({
    userType,
    feature,
    email: z.optional(emailSchema),
    countryCode: z.string().max(8).optional(),
    phoneNumber: z.string().max(32).optional(),
    /** On signup: the business name, checked for uniqueness before a code is sent. */
    businessName: z.string().max(200).optional(),
  })
  .transform(({ countryCode, phoneNumber, ...rest }, ctx) => {
    const phone = optionalPhone.safeParse({ countryCode, phoneNumber });
    if (!phone.success) {
      for (const issue of phone.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
      return z.NEVER;
    }
    return { ...rest, phone: phone.data };
  })
  .superRefine((value, ctx) => {
    requireIdentifier(value, ctx);
    // a signup's name is refused here already when it could never be saved (e.g. direction overrides, issue 35 §10)
    if (value.feature === 'signup' && value.businessName?.trim()) {
      const name = businessNameSchema.safeParse(value.businessName);
      if (!name.success) ctx.addIssue({ code: 'custom', message: name.error.issues[0].message, path: ['businessName'] });
    }
  });

/** POST /api/auth/otp/verify: the sign-up and verification payload (docs/architecture/accounts.md#one-time-codes). */
export const verifyCodeSchema = z
  .object({
    otp: otpSchema,
    userType,
    feature,
    email: z.optional(emailSchema),
    countryCode: z.string().max(8).optional(),
    phoneNumber: z.string().max(32).optional(),
    businessName: z.string().max(200).optional(),
    userName: z.string().max(200).optional(),
    clientToken: z.string().max(200).optional(),
    notifSub: z.unknown().optional(),
    appName: z.string().max(200).optional(),
    platform: z.string().max(20).optional(),
    createIsoTime: z.string().max(40).optional(),
    /** On the platform's host, when one e-mail runs several businesses: the slug of the one to open. */
    business: z
      .string()
      .trim()
      .regex(/^[a-z0-9-]{1,40}$/, 'businessChoiceInvalid')
      .optional(),
  })
  .transform(({ countryCode, phoneNumber, ...rest }, ctx) => {
    const phone = optionalPhone.safeParse({ countryCode, phoneNumber });
    if (!phone.success) {
      for (const issue of phone.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
      return z.NEVER;
    }
    return { ...rest, phone: phone.data };
  })
  .superRefine((value, ctx) => {
    requireIdentifier(value, ctx);
    if (value.feature === 'signup') {
      const name = businessNameSchema.safeParse(value.businessName);
      if (!name.success) ctx.addIssue({ code: 'custom', message: name.error.issues[0].message, path: ['businessName'] });
      if (!value.email) ctx.addIssue({ code: 'custom', message: 'emailRequired', path: ['email'] });
      if (value.userType === 'travelsx-partner' && !value.phone) ctx.addIssue({ code: 'custom', message: 'phoneRequired', path: ['phoneNumber'] });
      if (value.userType !== 'travelsx-partner' && value.userType !== 'deliverx-partner') {
        ctx.addIssue({ code: 'custom', message: 'userTypeInvalid', path: ['userType'] });
      }
    }
    if (value.feature === 'booking-signup') {
      const name = personNameSchema.safeParse(value.userName);
      if (!name.success) ctx.addIssue({ code: 'custom', message: name.error.issues[0].message, path: ['userName'] });
      if (value.userType !== 'travelsx-user') ctx.addIssue({ code: 'custom', message: 'userTypeInvalid', path: ['userType'] });
    }
  });
