import en from '@/messages/en.json';
import { DomainError, type ErrorKind } from '@/lib/errors/domain-error';
import { validationText } from '@/lib/errors/validation-text';

export type SettingsErrorKey = keyof typeof en.Settings.errors;

const CODES: Partial<Record<ErrorKind, string>> = {
  invalid: 'bad_request',
  conflict: 'conflict',
  too_large: 'payload_too_large',
  unsupported: 'unsupported_media_type',
};

/**
 * An API error carrying a `Settings.errors` key (or a Validation key), so the
 * console shows it in the user's language; the English text names the field.
 * `values` fill the English text's placeholders.
 */
export function settingsError(key: SettingsErrorKey, field: string, kind: ErrorKind = 'invalid', values: Record<string, string | number> = {}): DomainError {
  const template = (en.Settings.errors as Record<string, string>)[key] ?? validationText(key);
  const text = template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
  const error = new DomainError(kind, CODES[kind] ?? 'bad_request', `${field}: ${text}`, field);
  error.key = key;
  if (Object.keys(values).length) error.values = values;
  return error;
}
