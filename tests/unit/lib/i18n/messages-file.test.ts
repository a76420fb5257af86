import fs from 'node:fs';
import { createTranslator } from 'next-intl';
import { messagesOf } from '@/lib/i18n/messages-file';

/*
 * The compiled server reads messages from messages/ at run time (scripts/build-server.mjs puts
 * lib/i18n/messages-file.ts in place of the bundled import): each language is read and parsed once, is
 * exactly its file, and formats its placeholders with next-intl's own parser.
 */
it('reads a language once, as its file says, and formats it', async () => {
  const ta = await messagesOf('ta');
  expect(ta).toEqual(JSON.parse(fs.readFileSync('messages/ta.json', 'utf8')));
  expect(await messagesOf('ta')).toBe(ta);
  const t = createTranslator({ locale: 'en-IN', messages: await messagesOf('en'), namespace: 'Metadata' });
  const [key, text] = Object.entries((await messagesOf('en')).Metadata).find(([, value]) => typeof value === 'string' && value.includes('{businessName}'))!;
  expect(t(key as never, { businessName: 'Meridian Cabs' } as never)).toBe(text.replace('{businessName}', 'Meridian Cabs'));
});
