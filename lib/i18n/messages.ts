import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { DEFAULT_LANGUAGE, languageOf, UI_LANGUAGES } from './markets';

export type Messages = typeof import('../../messages/en.json');

const loaded = new Map<string, Promise<Messages>>();

/**
 * The messages of a locale's language (messages/{lang}.json), read and parsed once per process on
 * first use. Read from the file at run time, not bundled: a bundle holding every language keeps all
 * 27 files' source in memory for the life of the process (10 MB in the compiled server), though a
 * process serves a few (docs/architecture/memory.md). In development each call reads the file again,
 * so edited messages show at once.
 */
export function loadMessages(localeTag: string): Promise<Messages> {
  const lang = languageOf(localeTag);
  const file = (UI_LANGUAGES as readonly string[]).includes(lang) ? lang : DEFAULT_LANGUAGE;
  let pending = loaded.get(file);
  if (!pending) {
    pending = readFile(path.join(process.cwd(), 'messages', `${file}.json`), 'utf8').then((text) => JSON.parse(text) as Messages);
    pending.catch(() => loaded.delete(file));
    if (process.env.NODE_ENV !== 'development') loaded.set(file, pending);
  }
  return pending;
}
