import { parsePhoneNumberFromString as parsePhoneNumber } from 'libphonenumber-js/min';
import { personNameSchema, phoneSchema } from '@/lib/contact/identifiers';
import { COUNTRIES, isCountryCode } from '@/lib/i18n/markets';
import type { ChatActor } from './contract';

/*
 * The console's AI agent books for a customer on the phone, never for the
 * operator: before booking it asks for the customer's name and phone number
 * ("Priya Raman 98450 12345", "+971 50 123 4567 Omar") and books for them.
 */

export type AgentCustomer = { name: string; dialCode: string; number: string };

const OPERATOR_ROLES = new Set(['travelsx-partner', 'deliverx-partner']);

/** True when the conversation is an operator's (the console's agent): rides are booked for a customer. */
export function isOperator(actor: ChatActor): boolean {
  return Boolean(actor && OPERATOR_ROLES.has(actor.role));
}

/** Words around a name and number that are not part of the name ("name", "phone", "for", "is"...). */
const FILLER = /\b(?:customer|customer's|name|phone|number|mobile|no|is|for|and|the|it's|its|book|ride|call)\b[:.]?/gi;

/** A customer's name and phone read from one message, with the operator's country as the default dial code; undefined when either is missing. */
export function parseCustomer(text: string, countryCode: string): AgentCustomer | undefined {
  const match = /\+?\d[\d\s\-().]{5,18}\d/.exec(text);
  if (!match) return undefined;
  const region = isCountryCode(countryCode) ? COUNTRIES[countryCode].region : 'IN';
  const parsed = match[0].trim().startsWith('+') ? parsePhoneNumber(match[0].replace(/[\s\-().]/g, '')) : parsePhoneNumber(match[0], region as never);
  const dialCode = parsed?.countryCallingCode ?? (isCountryCode(countryCode) ? COUNTRIES[countryCode].phoneCode : '91');
  const phone = phoneSchema.safeParse({ dialCode, number: parsed?.nationalNumber ?? match[0] });
  if (!phone.success) return undefined;
  const rest = (text.slice(0, match.index) + ' ' + text.slice(match.index + match[0].length))
    .replace(FILLER, ' ')
    .replace(/[,;:|/\\-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const name = personNameSchema.safeParse(rest);
  if (!name.success || !/\p{L}/u.test(name.data)) return undefined;
  return { name: name.data, dialCode: phone.data.dialCode, number: phone.data.number };
}
