import en from '@/messages/en.json';

/** Message-key tables the schemas use: Validation, and the console forms' own error keys. */
const tables = [en.Validation, en.Rates.errors, en.Overview.errors, en.Settings.errors] as Record<string, string>[];

/** English text of a schema's message key (schemas carry keys so forms can translate them). */
export function validationText(message: string): string {
  for (const table of tables) if (table[message]) return table[message];
  return message;
}
