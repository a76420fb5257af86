import en from '@/messages/en.json';

/**
 * Message-key tables the schemas use: Validation, and the forms' own error
 * keys (console rates, overview, settings, integrations; the blog editor; the
 * contact form). The first table holding a key gives its text.
 */
const tables = [
  en.Validation,
  en.Rates.errors,
  en.Airports.errors,
  en.Overview.errors,
  en.Settings.errors,
  en.Integrations.errors,
  en.BlogCreate.errors,
  en.ContactUs.errors,
  en.Money.errors,
] as Record<string, string>[];

/** English text of a schema's message key (schemas carry keys so forms can translate them), with its values filled in. */
export function validationText(message: string, values?: Record<string, string | number>): string {
  for (const table of tables) {
    if (!table[message]) continue;
    let text = table[message];
    for (const [name, value] of Object.entries(values ?? {})) text = text.replaceAll(`{${name}}`, String(value));
    return text;
  }
  return message;
}

/** True when a schema's message key has an English text (a key without one would reach the API's answer as the bare key). */
export function hasValidationText(message: string): boolean {
  return tables.some((table) => Boolean(table[message]));
}
