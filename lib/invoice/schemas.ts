import { z } from 'zod';
import { SUPPLY_TYPES } from '@/lib/booking/vocabulary';

const optionalText = (max: number, key: string) =>
  z
    .string()
    .trim()
    .max(max, key)
    .nullish()
    .transform((v) => (v ? v : null));

/** The console's "Invoice details": every field optional except the rate and place of supply. */
export const invoiceSettingsSchema = z.object({
  legalName: optionalText(120, 'legalNameTooLong'),
  address: optionalText(400, 'addressTooLong'),
  /** GSTIN (15 characters: state code, PAN, entity, Z, check) in India; any VAT/TRN number of 5-20 letters and digits elsewhere. */
  taxNumber: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{5,20}$/, 'taxNumberInvalid')
    .nullish()
    .or(z.literal('').transform(() => null))
    .transform((v) => v ?? null),
  /** Percent, up to two decimals (5 = 5%). */
  taxRate: z.number({ error: 'taxRateRange' }).min(0, 'taxRateRange').max(40, 'taxRateRange'),
  sacCode: z
    .string()
    .trim()
    .regex(/^\d{4,8}$/, 'sacCodeInvalid')
    .nullish()
    .or(z.literal('').transform(() => null))
    .transform((v) => v ?? null),
  supplyType: z.enum(SUPPLY_TYPES, { error: 'supplyTypeInvalid' }),
});
export type InvoiceSettingsInput = z.infer<typeof invoiceSettingsSchema>;

export const invoiceQuerySchema = z.object({
  lang: z
    .string()
    .regex(/^[a-z]{2}$/, 'languageInvalid')
    .optional(),
});
