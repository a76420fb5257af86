import en from '@/messages/en.json';
import { validationText } from '@/lib/errors/validation-text';

/** English text of a contact form message key, for API answers (the form shows it translated). */
export function contactErrorText(key: string): string {
  const own = (en as unknown as { ContactUs?: { errors?: Record<string, string> } }).ContactUs?.errors?.[key];
  return own ?? validationText(key);
}
