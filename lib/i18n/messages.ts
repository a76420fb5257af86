import { DEFAULT_LANGUAGE, languageOf, UI_LANGUAGES } from './markets';

export type Messages = typeof import('../../messages/en.json');

/** Loads the message file of a locale's language (messages/{lang}.json). */
export async function loadMessages(localeTag: string): Promise<Messages> {
  const lang = languageOf(localeTag);
  const file = (UI_LANGUAGES as readonly string[]).includes(lang) ? lang : DEFAULT_LANGUAGE;
  return (await import(`../../messages/${file}.json`)).default as Messages;
}
