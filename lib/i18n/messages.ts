import { DEFAULT_LANGUAGE, languageOf, UI_LANGUAGES } from './markets';
import { messagesOf } from './messages-source';

export type Messages = typeof import('../../messages/en.json');

/** The messages of a locale's language (messages/{lang}.json); an unknown language gets English's. */
export function loadMessages(localeTag: string): Promise<Messages> {
  const lang = languageOf(localeTag);
  return messagesOf((UI_LANGUAGES as readonly string[]).includes(lang) ? lang : DEFAULT_LANGUAGE);
}
