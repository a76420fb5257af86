import { parsePhoneNumberFromString as parsePhoneNumber } from 'libphonenumber-js/min';
import { personNameSchema, phoneSchema } from '@/lib/contact/identifiers';
import { COUNTRIES, isCountryCode } from '@/lib/i18n/markets';
import type { ChatActor } from './contract';
import { line, type ReplyLine } from './reply';

/*
 * The console's AI agent books for a customer on the phone, never for the
 * operator: before booking it asks for the customer's name and phone number,
 * in one message ("Priya Raman 98450 12345", "+971 50 123 4567 Omar") or in
 * two, in either order (docs/requirements/partner.md#ai-agent).
 */

export type AgentCustomer = { name: string; dialCode: string; number: string };
/** What the operator has given of the customer so far. */
export type CustomerDraft = Partial<AgentCustomer>;

const OPERATOR_ROLES = new Set(['travelsx-partner', 'deliverx-partner']);
/** A name sent on its own has at most this many words (longer text is a sentence, not a name). */
const NAME_WORDS_MAX = 6;

/** True when the conversation is an operator's (the console's agent): rides are booked for a customer. */
export function isOperator(actor: ChatActor): boolean {
  return Boolean(actor && OPERATOR_ROLES.has(actor.role));
}

/** Words around a name and number that are not part of the name ("name", "phone", "for", "is"...). */
const FILLER = /\b(?:customer's|customer|name|phone|number|mobile|no|is|for|and|the|it's|its|book|ride|call|his|her|their)\b[:.]?/gi;

function phoneOf(raw: string, countryCode: string): Pick<AgentCustomer, 'dialCode' | 'number'> | undefined {
  const region = isCountryCode(countryCode) ? COUNTRIES[countryCode].region : 'IN';
  const parsed = raw.trim().startsWith('+') ? parsePhoneNumber(raw.replace(/[\s\-().]/g, '')) : parsePhoneNumber(raw, region as never);
  const dialCode = parsed?.countryCallingCode ?? (isCountryCode(countryCode) ? COUNTRIES[countryCode].phoneCode : '91');
  const phone = phoneSchema.safeParse({ dialCode, number: parsed?.nationalNumber ?? raw });
  return phone.success ? phone.data : undefined;
}

/**
 * Words a sentence has and a name does not ("the customer is on the line", "please wait"): a message
 * left with one of them after the filler is not taken for a name, nor is a question.
 */
const NOT_A_NAME = /\b(?:on|in|at|to|of|a|an|with|will|wait|hold|line|please|here|there|now|yes|ok|okay|what|who|how|when|where|later)\b/i;

function nameOf(text: string): string | undefined {
  if (text.includes('?')) return undefined;
  const rest = text
    .replace(FILLER, ' ')
    .replace(/[,;:|/\\-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (NOT_A_NAME.test(rest)) return undefined;
  const name = personNameSchema.safeParse(rest);
  if (!name.success || !/\p{L}/u.test(name.data) || name.data.split(' ').length > NAME_WORDS_MAX) return undefined;
  return name.data;
}

/**
 * The customer's name and phone found in one message, either or both, with the
 * operator's country as the default dial code. Text with digits that are no
 * phone number gives nothing (a typo in the number is not a name).
 */
export function customerParts(text: string, countryCode: string): CustomerDraft {
  const match = /\+?\d[\d\s\-().]{5,18}\d/.exec(text);
  if (!match) return /\d/.test(text) ? {} : { name: nameOf(text) };
  const phone = phoneOf(match[0], countryCode);
  if (!phone) return {};
  const name = nameOf(text.slice(0, match.index) + ' ' + text.slice(match.index + match[0].length));
  return name ? { name, ...phone } : phone;
}

/** A customer's name and phone read from one message; undefined when either is missing. */
export function parseCustomer(text: string, countryCode: string): AgentCustomer | undefined {
  return completeCustomer(customerParts(text, countryCode));
}

/** The customer once both the name and the phone are known. */
export function completeCustomer(draft: CustomerDraft | undefined): AgentCustomer | undefined {
  const { name, dialCode, number } = draft ?? {};
  return name && dialCode && number ? { name, dialCode, number } : undefined;
}

/** The question for what is still missing: both, the customer's name, or the customer's phone number. */
export function customerQuestion(draft: CustomerDraft | undefined): ReplyLine {
  if (draft?.number && !draft.name) return line('askCustomerName');
  if (draft?.name && !draft.number) return line('askCustomerPhone');
  return line('askCustomer');
}
