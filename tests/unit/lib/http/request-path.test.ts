/**
 * @jest-environment node
 */
import { decodedPath } from '@/lib/http/edge';
import { pathnameOf } from '@/lib/http/front';

/*
 * The front door reads a page's path and the edge decodes it on every request; both skip the general parsers
 * where those would change nothing. What either answers must stay what the parsers answer, for every target.
 */
const TARGETS = [
  '/',
  '/in/en/place/chennai',
  '/in/en/place/chennai?utm_source=x&y=%2F',
  '/in/en/airport/MAA',
  '/in/en/airport/maa/velachery',
  '/in/en/taxi/chennai-to-bangalore',
  '/in/en/place/chennai_north/',
  '/in/en//place',
  '//evil.example/in/en',
  '///x',
  '/in/en/../../etc/passwd',
  '/in/en/./place',
  '/in/en/%2e%2e/place',
  '/in/ta/place/சென்னை',
  '/in/en/place/chen nai',
  '/in/en/place/chennai#top',
  '/in/en/place/a\\b',
  '/in/en/place/a|b',
  '/in/en/place/%E0%AE%9A',
  '/in/en/place/%zz',
  '/in/en/place/a%00b',
  '/in/en?',
  '/in/en/place/x.html',
  'in/en',
  '*',
  '',
  '/' + 'a/'.repeat(5_000),
];

describe("a request's path", () => {
  it.each(TARGETS.map((target) => [target.slice(0, 60), target]))('%s: the front door reads it as the URL parser does', (_, target) => {
    let expected: string;
    try {
      expected = new URL(target || '/', 'http://front').pathname;
    } catch {
      expected = '/';
    }
    expect(pathnameOf({ url: target })).toBe(expected);
  });

  it.each(TARGETS.map((target) => [target.slice(0, 60), target]))('%s: the edge decodes it as decodeURIComponent does', (_, target) => {
    const raw = target.split(/[?#]/, 1)[0];
    let expected: string | undefined;
    if (raw.startsWith('/')) {
      try {
        expected = decodeURIComponent(raw);
      } catch {
        expected = undefined;
      }
    }
    expect(decodedPath(target)).toBe(expected);
  });
});
