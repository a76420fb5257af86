import fs from 'node:fs';
import path from 'node:path';
import { IntlMessageFormat } from 'intl-messageformat';
import { parse, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { UI_LANGUAGES } from '@/lib/i18n/markets';

type Tree = { [key: string]: string | Tree };
const dir = path.join(process.cwd(), 'messages');
const read = (lang: string): Tree => JSON.parse(fs.readFileSync(path.join(dir, `${lang}.json`), 'utf8'));
const flat = (tree: Tree, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [[`${prefix}${k}`, v] as [string, string]] : flat(v, `${prefix}${k}.`)));
/** Argument and tag names of a message (what must match across languages); plural text and '#' are not. */
function placeholders(message: string): string[] {
  const names = new Set<string>();
  const walk = (elements: MessageFormatElement[]) => {
    for (const element of elements) {
      if (element.type === 0 || element.type === 7) continue;
      names.add(element.value);
      if ('options' in element) for (const option of Object.values(element.options)) walk(option.value);
      if ('children' in element) walk(element.children);
    }
  };
  walk(parse(message));
  return [...names].sort();
}

const en = new Map(flat(read('en')));

describe('message files', () => {
  it('exist for every interface language and no other', () => {
    const files = fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .map((f) => f.slice(0, -5))
      .sort();
    expect(files).toEqual([...UI_LANGUAGES].sort());
  });

  it.each(UI_LANGUAGES.filter((l) => l !== 'en'))('%s has exactly the keys of en.json with the same placeholders', (lang) => {
    const other = new Map(flat(read(lang)));
    expect([...other.keys()].sort()).toEqual([...en.keys()].sort());
    for (const [key, value] of en) expect([key, placeholders(other.get(key)!)]).toEqual([key, placeholders(value)]);
  });

  // issue 37: operators were told to "Set SECRETS_KEY", which only the deployer can (docs/requirements/deployer.md)
  it.each([...UI_LANGUAGES])('%s names no server setting (environment variable) a user cannot change', (lang) => {
    expect(flat(read(lang)).filter(([, value]) => /\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b/.test(value))).toEqual([]);
  });

  it.each([...UI_LANGUAGES])('%s parses as ICU messages', (lang) => {
    for (const [key, value] of flat(read(lang))) {
      expect(() => new IntlMessageFormat(value, lang)).not.toThrow();
      expect(key).toBeTruthy();
    }
  });
});
