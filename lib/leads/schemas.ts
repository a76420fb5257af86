import { z } from 'zod';
import { emailSchema } from '@/lib/contact/identifiers';

/*
 * The contact-us form and the lead call (docs/requirements/rider.md#contact-and-leads), shared by the form, the route handlers and the
 * tests. Form messages are keys of `ContactUs.errors` (e-mail: `Validation`).
 */

/** 'What Are You Looking For?' options after 'Please Select' (empty). */
export const LOOKING_FOR = ['product', 'pricing', 'meeting'] as const;
export type LookingFor = (typeof LOOKING_FOR)[number];

export const CONTACT_LIMITS = { name: 50, company: 100, comment: 2000 } as const;

const isLookingFor = (value: string): value is LookingFor => (LOOKING_FOR as readonly string[]).includes(value);

/** POST /api/leads/contact and the contact-us form: first name, e-mail, looking-for and comment are required. */
export const contactFormSchema = z.object({
  firstName: z.string({ error: 'firstNameRequired' }).trim().min(1, 'firstNameRequired').max(CONTACT_LIMITS.name, 'nameTooLong'),
  lastName: z.string().trim().max(CONTACT_LIMITS.name, 'nameTooLong').default(''),
  company: z.string().trim().max(CONTACT_LIMITS.company, 'companyTooLong').default(''),
  email: emailSchema,
  looking_for_name: z.string({ error: 'lookingForRequired' }).refine(isLookingFor, 'lookingForRequired'),
  enquery: z.string({ error: 'commentRequired' }).trim().min(1, 'commentRequired').max(CONTACT_LIMITS.comment, 'enquiryTooLong'),
});
export type ContactFormValues = z.input<typeof contactFormSchema>;
export type ContactFormInput = z.infer<typeof contactFormSchema>;

/** The lead error texts (docs/requirements/rider.md#contact-and-leads). */
export const LEAD_ERRORS = {
  invalid: 'Invalid lead data provided',
  missing: 'Lead data must include name, email, and phone',
} as const;

/** Campaign pages whose signups are recorded as leads. */
export const LEAD_CAMPAIGNS = ['campaign-driver', 'campaign-shuttle', 'campaign-vehicles'] as const;

/** Spaces, dashes, dots and brackets are dropped; then an optional + and 6 to 16 digits. */
const leadPhoneSchema = z
  .string()
  .trim()
  .transform((v) => v.replace(/[\s\-().]/g, ''))
  .pipe(z.string().regex(/^\+?\d{6,16}$/));

/** POST /api/leads: name, email and phone are required (docs/requirements/rider.md#contact-and-leads). */
export const leadSchema = z.object({
  name: z.string().trim().min(1).max(100),
  email: emailSchema,
  phone: leadPhoneSchema,
  source: z.enum(['lead', 'campaign']).default('lead'),
  campaign: z.enum(LEAD_CAMPAIGNS).optional(),
  company: z.string().trim().max(CONTACT_LIMITS.company).optional(),
  message: z.string().trim().max(CONTACT_LIMITS.comment).optional(),
});
export type LeadInput = z.infer<typeof leadSchema>;

const REQUIRED = ['name', 'email', 'phone'] as const;

/** Why a lead body is refused: the required text and the field, or the parsed lead. */
export function parseLead(body: unknown): { ok: true; lead: LeadInput } | { ok: false; message: string; field?: string } {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return { ok: false, message: LEAD_ERRORS.invalid };
  const record = body as Record<string, unknown>;
  const missing = REQUIRED.find((key) => typeof record[key] !== 'string' || !(record[key] as string).trim());
  if (missing) return { ok: false, message: LEAD_ERRORS.missing, field: missing };
  const parsed = leadSchema.safeParse(body);
  if (!parsed.success) return { ok: false, message: LEAD_ERRORS.invalid, field: parsed.error.issues[0].path.map(String).join('.') || undefined };
  return { ok: true, lead: parsed.data };
}
