import en from '@/messages/en.json';

const texts = en.Validation as Record<string, string>;

/** English text of a Validation message key (schemas carry keys so forms can translate them). */
export function validationText(message: string): string {
  return texts[message] ?? message;
}
