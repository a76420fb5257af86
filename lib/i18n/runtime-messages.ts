import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createTranslator } from 'next-intl';
import { DEFAULT_LANGUAGE, languageOf, UI_LANGUAGES } from './markets';
import type { Messages } from './messages';

const loaded = new Map<string, Promise<Messages>>();

/**
 * A language's messages read from messages/ at run time, for server code that
 * also runs in the compiled socket server (bundling every message file, as
 * `loadMessages` does, would weigh megabytes there).
 */
export function runtimeMessages(locale: string): Promise<Messages> {
  const lang = (UI_LANGUAGES as readonly string[]).includes(languageOf(locale)) ? languageOf(locale) : DEFAULT_LANGUAGE;
  let pending = loaded.get(lang);
  if (!pending) {
    pending = readFile(path.join(process.cwd(), 'messages', `${lang}.json`), 'utf8').then((text) => JSON.parse(text) as Messages);
    pending.catch(() => loaded.delete(lang));
    loaded.set(lang, pending);
  }
  return pending;
}

/** A translator of one namespace in the locale's language. */
export async function runtimeTranslator<N extends keyof Messages>(locale: string, namespace: N) {
  return createTranslator({ locale, messages: await runtimeMessages(locale), namespace });
}
