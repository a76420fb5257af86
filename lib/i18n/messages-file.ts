import { readFile } from 'node:fs/promises';
import path from 'node:path';
/** The shape of every language's messages (lib/i18n/messages.ts names it `Messages`). */
type Messages = typeof import('../../messages/en.json');

const loaded = new Map<string, Promise<Messages>>();

/**
 * A language's messages as the compiled server gets them (scripts/build-server.mjs puts this module in place
 * of lib/i18n/messages-source.ts): read from messages/ at run time, once per language, and formatted by
 * next-intl's own parser. Bundled, all 27 files kept 10 MB of source in memory for the life of the process,
 * though a process serves a few languages (docs/architecture/memory.md). In development each call reads the
 * file again, so edited messages show at once.
 */
export function messagesOf(lang: string): Promise<Messages> {
  let pending = loaded.get(lang);
  if (!pending) {
    pending = readFile(path.join(process.cwd(), 'messages', `${lang}.json`), 'utf8').then((text) => JSON.parse(text) as Messages);
    pending.catch(() => loaded.delete(lang));
    if (process.env.NODE_ENV !== 'development') loaded.set(lang, pending);
  }
  return pending;
}
