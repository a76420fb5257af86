/**
 * Only the CSS a document uses (issue 29 §9; docs/architecture/page-cache.md).
 * The build bundles the CSS modules of every screen into a few stylesheets,
 * and a document inlined all of them: ~64 kB of rules for the console, the
 * chat and the booking form on a route page. A document runs none of the
 * app's JavaScript (document-html.ts), so no class appears in it later that
 * is not in its HTML: a rule whose every selector needs a class the HTML does
 * not have can never apply, and goes.
 *
 * Conservative by design: a selector needs only the classes outside any
 * parentheses (`.a:not(.b)`, `:is(.c,.d)`, `:has(.e)` need just `.a`, nothing,
 * nothing), so a rule kept by mistake costs bytes, never a broken page;
 * element, attribute, id and pseudo parts are not judged. At-rules that hold
 * rules (@media, @supports, @layer, @container) are pruned inside and dropped
 * when empty; every other at-rule (@font-face, @keyframes, @property, @import)
 * is kept as it is. CSS it cannot read (an unclosed block) is returned whole.
 */

/** The classes of an HTML document: every `class` attribute's words, entities decoded. */
export function classesOf(html: string): Set<string> {
  const classes = new Set<string>();
  for (const match of html.matchAll(/\sclass=(?:"([^"]*)"|'([^']*)')/g)) {
    for (const word of decodeEntities(match[1] ?? match[2]).split(/\s+/)) if (word) classes.add(word);
  }
  return classes;
}

function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(?:#(\d+)|#x([0-9a-f]+)|(amp|lt|gt|quot|apos));/gi, (entity, dec: string, hex: string, name: string) => {
    if (dec) return String.fromCodePoint(Number(dec));
    if (hex) return String.fromCodePoint(parseInt(hex, 16));
    return { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }[name.toLowerCase()] ?? entity;
  });
}

const GROUPING_AT_RULES = new Set(['media', 'supports', 'layer', 'container', 'scope', 'starting-style']);

class Unreadable extends Error {}

/** The index just past a string starting at `start` (a quote). */
function skipString(css: string, start: number): number {
  const quote = css[start];
  for (let i = start + 1; i < css.length; i++) {
    if (css[i] === '\\') i++;
    else if (css[i] === quote) return i + 1;
  }
  throw new Unreadable();
}

/**
 * At a string, a comment or an escape starting at `i`: the index of its last
 * character (so a scan resumes after it); otherwise -1.
 */
function skipQuoted(css: string, i: number): number {
  const c = css[i];
  if (c === '\\') return i + 1;
  if (c === '"' || c === "'") return skipString(css, i) - 1;
  if (c === '/' && css[i + 1] === '*') {
    const end = css.indexOf('*/', i + 2);
    if (end === -1) throw new Unreadable();
    return end + 1;
  }
  return -1;
}

/** The index of the first `stops` character at nesting depth 0 from `start` (strings, comments, escapes, brackets skipped). */
function scanTo(css: string, start: number, stops: string): number {
  let depth = 0;
  for (let i = start; i < css.length; i++) {
    const skipped = skipQuoted(css, i);
    if (skipped !== -1) i = skipped;
    else if (css[i] === '(' || css[i] === '[') depth++;
    else if (css[i] === ')' || css[i] === ']') depth--;
    else if (depth <= 0 && stops.includes(css[i])) return i;
  }
  return -1;
}

/** The index just past the block whose `{` is at `open`. */
function blockEnd(css: string, open: number): number {
  let depth = 0;
  for (let i = open; i < css.length; i++) {
    const skipped = skipQuoted(css, i);
    if (skipped !== -1) i = skipped;
    else if (css[i] === '{') depth++;
    else if (css[i] === '}' && --depth === 0) return i + 1;
  }
  throw new Unreadable();
}

/** A selector list's selectors (commas inside parentheses, brackets and strings do not split). */
function splitSelectors(prelude: string): string[] {
  const selectors: string[] = [];
  let start = 0;
  for (;;) {
    const comma = scanTo(prelude, start, ',');
    if (comma === -1) break;
    selectors.push(prelude.slice(start, comma));
    start = comma + 1;
  }
  selectors.push(prelude.slice(start));
  return selectors;
}

/** The selector with everything inside parentheses and brackets, strings and comments removed. */
function outerParts(selector: string): string {
  let out = '';
  let depth = 0;
  for (let i = 0; i < selector.length; i++) {
    const c = selector[i];
    if (c === '\\') {
      if (depth === 0) out += selector.slice(i, i + 2);
      i++;
    } else if (c === '"' || c === "'") i = skipString(selector, i) - 1;
    else if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (depth === 0) out += c;
  }
  return out;
}

const CLASS_NAME = /\.((?:[-_a-zA-Z0-9\u0080-\uffff]|\\[0-9a-fA-F]{1,6} ?|\\[^0-9a-fA-F\n])+)/g;

function unescapeIdentifier(name: string): string {
  return name.replace(/\\([0-9a-fA-F]{1,6}) ?|\\(.)/g, (_, hex: string | undefined, char: string | undefined) =>
    hex ? String.fromCodePoint(parseInt(hex, 16)) : (char ?? ''),
  );
}

/** Whether a selector can match in a document with these classes: every class it needs outside parentheses is there. */
function canMatch(selector: string, classes: Set<string>): boolean {
  for (const match of outerParts(selector).matchAll(CLASS_NAME)) if (!classes.has(unescapeIdentifier(match[1]))) return false;
  return true;
}

function prune(css: string, classes: Set<string>): string {
  let out = '';
  let i = 0;
  while (i < css.length) {
    const c = css[i];
    if (c === ' ' || c === '\n' || c === '\t' || c === '\r') {
      i++;
      continue;
    }
    if (c === '/' && css[i + 1] === '*') {
      const end = css.indexOf('*/', i + 2);
      if (end === -1) throw new Unreadable();
      i = end + 2;
      continue;
    }
    const stop = scanTo(css, i, c === '@' ? '{;' : '{');
    if (stop === -1) throw new Unreadable();
    if (css[stop] === ';') {
      out += css.slice(i, stop + 1);
      i = stop + 1;
      continue;
    }
    const prelude = css.slice(i, stop);
    const end = blockEnd(css, stop);
    if (c === '@') {
      const name = /^@([-a-zA-Z]+)/.exec(prelude)?.[1]?.toLowerCase() ?? '';
      if (GROUPING_AT_RULES.has(name)) {
        const inner = prune(css.slice(stop + 1, end - 1), classes);
        if (inner) out += `${prelude}{${inner}}`;
      } else out += css.slice(i, end);
    } else {
      const kept = splitSelectors(prelude).filter((selector) => canMatch(selector, classes));
      if (kept.length) out += `${kept.join(',')}${css.slice(stop, end)}`;
    }
    i = end;
  }
  return out;
}

/** The rules of `css` that can apply in a document with these classes (see above); all of it when it cannot be read. */
export function usedCss(css: string, classes: Set<string>): string {
  try {
    return prune(css, classes);
  } catch (error) {
    if (error instanceof Unreadable) return css;
    throw error;
  }
}
