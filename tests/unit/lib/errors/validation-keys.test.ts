import fs from 'node:fs';
import path from 'node:path';
import { hasValidationText, validationText } from '@/lib/errors/validation-text';

/*
 * Schemas carry message keys, which screens translate and the API's answer
 * turns into English ("order: Choose ascending or descending order"). A key
 * without an English text would reach the answer bare ("order: orderInvalid"),
 * so every key a schema in lib/ uses must have one.
 */

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** The keys in a zod message position: `{ error: 'key' }` or a check's last argument (`.max(80, 'key')`, `.regex(/x/, 'key')`, `.refine(fn, 'key')`). */
const KEY_POSITIONS =
  /(?:\berror:\s*|\.(?:regex|min|max|int|positive|nonnegative|refine|length|email|url|uuid)\((?:[^()]|\([^()]*\))*?,\s*)'([a-z][A-Za-z]+)'/g;

function schemaKeys(): Map<string, string[]> {
  const keys = new Map<string, string[]>();
  for (const file of sources(path.join(process.cwd(), 'lib'))) {
    const text = fs.readFileSync(file, 'utf8');
    if (!/from 'zod'/.test(text)) continue;
    for (const match of text.matchAll(KEY_POSITIONS)) keys.set(match[1], [...(keys.get(match[1]) ?? []), path.relative(process.cwd(), file)]);
  }
  return keys;
}

it('finds the schemas’ keys (the scan itself works)', () => {
  const keys = schemaKeys();
  expect(keys.size).toBeGreaterThan(100);
  for (const key of ['orderInvalid', 'limitInvalid', 'rideIdInvalid', 'slugRequired', 'commentRequired', 'secretTooShort'])
    expect([key, keys.has(key)]).toEqual([key, true]);
});

it('has an English text for every message key a schema uses, so no answer names a bare key', () => {
  const bare = [...schemaKeys()].filter(([key]) => !hasValidationText(key)).map(([key, files]) => `${key} (${[...new Set(files)].join(', ')})`);
  expect(bare).toEqual([]);
  expect(validationText('orderInvalid')).toBe('Choose ascending or descending order');
  expect(validationText('secretTooShort')).not.toBe('secretTooShort');
});
