import type { ZodType, z } from 'zod';
import en from '@/messages/en.json';
import { DomainError, type ErrorKind } from '@/lib/errors/domain-error';
import { validationText } from '@/lib/errors/validation-text';

const CODES: Partial<Record<ErrorKind, string>> = {
  invalid: 'bad_request',
  conflict: 'conflict',
  too_large: 'payload_too_large',
  unsupported: 'unsupported_media_type',
};

/** An API error carrying a `BlogCreate.errors` key, so the form can show it in the user's language. */
export function blogError(key: string, field?: string, kind: ErrorKind = 'invalid'): DomainError {
  const text = (en.BlogCreate.errors as Record<string, string>)[key] ?? validationText(key);
  const error = new DomainError(kind, CODES[kind] ?? 'bad_request', field ? `${field}: ${text}` : text, field);
  error.key = key;
  return error;
}

/** Parses with a blog schema; the first issue becomes a 400 naming its field. */
export function parseBlog<T extends ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw blogError(issue.message, issue.path.length ? issue.path.map(String).join('.') : undefined);
}
