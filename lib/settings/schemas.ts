import { z } from 'zod';
import { businessNameSchema, emailSchema, nationalPhoneSchema } from '@/lib/contact/identifiers';
import { BIDI_CONTROLS } from '@/lib/contact/name-skeleton';
import { isCountryCode } from '@/lib/i18n/markets';
import { normaliseHex } from './colour';

/*
 * Business settings inputs, shared by the console form, the route handlers and
 * the tests. Messages are keys of `Validation` or of `Settings.errors`.
 */

export const SHORT_NAME_MAX = 12;
/** Most service cities one operator lists. */
export const CITIES_MAX = 40;

/** Logo limits: bytes of the file, pixels of each side (raster), least side (raster). */
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
export const LOGO_MAX_SIDE = 4096;
export const LOGO_MIN_SIDE = 64;
export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/svg+xml'] as const;

/** Empty text as null (a cleared optional field). */
const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
/** Characters nobody sees: format (zero-width) and control characters, default-ignorables, spaces. */
const INVISIBLE = /[\p{Cf}\p{Cc}\p{Default_Ignorable_Code_Point}\p{Z}]/gu;
/** A short name with nothing visible (only zero-width characters, say) as null, like an empty one. */
const invisibleToNull = (v: unknown) => (typeof v === 'string' && v.replace(INVISIBLE, '') === '' ? null : v);

const optionalPhone = z.preprocess(blankToNull, z.nullable(nationalPhoneSchema));
const optionalEmail = z.preprocess(blankToNull, z.nullable(emailSchema));

export const profileSchema = z.object({
  name: businessNameSchema,
  // issue 35 §10: direction overrides refused as in the name; a look-alike of another name is refused on save (lib/settings/commands.ts)
  shortName: z
    .preprocess(
      invisibleToNull,
      z
        .string()
        .trim()
        .max(SHORT_NAME_MAX, 'shortNameTooLong')
        .refine((name) => !BIDI_CONTROLS.test(name), 'businessNameBidi')
        .nullable(),
    )
    .optional(),
  phone: optionalPhone.optional(),
  whatsappPhone: optionalPhone.optional(),
  email: optionalEmail.optional(),
});
export type ProfileInput = z.infer<typeof profileSchema>;

export const colourSchema = z.object({
  colour: z
    .string({ error: 'colourInvalid' })
    .max(20, 'colourInvalid')
    .transform((v, ctx) => {
      const hex = normaliseHex(v);
      if (!hex) {
        ctx.addIssue({ code: 'custom', message: 'colourInvalid' });
        return z.NEVER;
      }
      return hex;
    }),
});

/** One city of the saved list: an existing one by its slug, or a gazetteer city by its id. */
const cityItemSchema = z.union(
  [
    z.object({ slug: z.string().trim().min(1, 'cityUnknown').max(200, 'cityUnknown'), main: z.boolean().optional() }).strict(),
    z.object({ gazetteerId: z.number({ error: 'cityUnknown' }).int('cityUnknown').positive('cityUnknown'), main: z.boolean().optional() }).strict(),
  ],
  { error: 'cityUnknown' },
);

export const citiesSchema = z.object({
  cities: z.array(cityItemSchema, { error: 'citiesRequired' }).max(CITIES_MAX, 'citiesTooMany'),
});
export type CitiesInput = z.infer<typeof citiesSchema>;

export const citySearchSchema = z.object({ q: z.string().trim().min(1, 'cityQueryRequired').max(100, 'cityQueryRequired') });

const CURRENCIES = new Set(Intl.supportedValuesOf('currency'));

/** Every IANA zone this runtime knows (canonical names and their links, e.g. Asia/Kolkata), and UTC. */
export function isTimeZone(value: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export function isCurrency(value: string): boolean {
  return CURRENCIES.has(value);
}

export const marketSchema = z.object({
  countryCode: z.string({ error: 'countryInvalid' }).trim().toLowerCase().refine(isCountryCode, 'countryInvalid'),
  currency: z.string({ error: 'currencyInvalid' }).trim().toUpperCase().refine(isCurrency, 'currencyInvalid'),
  timeZone: z.string({ error: 'timeZoneInvalid' }).trim().max(64, 'timeZoneInvalid').refine(isTimeZone, 'timeZoneInvalid'),
  languages: z
    .array(
      z
        .string()
        .trim()
        .toLowerCase()
        .regex(/^[a-z]{2}$/, 'languagesInvalid'),
      { error: 'languagesRequired' },
    )
    .min(1, 'languagesRequired')
    .max(20, 'languagesInvalid'),
  /** SMS and WhatsApp to other countries' numbers; absent: unchanged. */
  messagesAbroad: z.boolean({ error: 'messagesAbroadInvalid' }).optional(),
});
export type MarketInput = z.infer<typeof marketSchema>;
