import fs from 'node:fs';
import path from 'node:path';

/*
 * Map markers carry the page language's own letters: no Latin P and D beside
 * another script's labels (docs/requirements/markets.md#right-to-left).
 */

const NOT_LATIN = ['ar', 'as', 'bn', 'gu', 'hi', 'ja', 'kk', 'kn', 'ml', 'mr', 'ne', 'or', 'pa', 'ru', 'si', 'ta', 'te', 'ur', 'zh'];

test.each(NOT_LATIN)("%s: every map marker is in the language's own script", (lang) => {
  const messages = JSON.parse(fs.readFileSync(path.join(process.cwd(), 'messages', `${lang}.json`), 'utf8')) as Record<string, Record<string, unknown>>;
  const markers = Object.entries(messages).flatMap(([namespace, keys]) =>
    Object.entries(keys)
      .filter(([key]) => key.endsWith('Marker'))
      .map(([key, value]) => `${namespace}.${key}=${String(value)}`),
  );
  expect(markers.length).toBeGreaterThanOrEqual(5);
  expect(markers.filter((marker) => /=.*[A-Za-z]/.test(marker))).toEqual([]);
});
