import { hasAirportWord, type PlaceResolver, type PlaceSlot } from './place-slot';
import type { ParseContext, ParsedMessage, PlaceField } from './parse-types';
import { STOP_WORDS } from './parse-words';

/** Towns named without "from"/"to" must be at least this big, unless the agent asked for a place. */
const BARE_MIN_POPULATION = 20_000;
const PLACE_MAX_WORDS = 5;
const LEADING_ARTICLES = new Set(['the', 'my', 'our']);

/** Rewrites "pick me up at", "change pickup to", "drop me at", ... into plain "from" and "to". */
function normaliseMarkers(text: string): string {
  return text
    .replace(/\bdrop (?:me|us) (?:off )?(?:at|to|in)\s+/g, ' to ')
    .replace(
      /\b(?:change|make|set|update)?\s*(?:the\s+)?(?:pick[- ]?up|start(?:ing)?|source|origin|boarding)\s*(?:point|place|location|address|city)?\s*(?:to|as|is|:|=|should be|will be|from|at|in)\s+/g,
      ' from ',
    )
    .replace(/\bpick (?:me|us) up (?:at|from|in)\s+/g, ' from ')
    .replace(
      /\b(?:change|make|set|update)?\s*(?:the\s+)?(?:drop(?:[- ]?off)?|destination)\s*(?:point|place|location|address|city)?\s*(?:to|as|is|:|=|should be|will be|at|in)?\s+/g,
      ' to ',
    )
    .replace(/\b(?:reach|going|heading|travel(?:l?ing)?)\s+(?:to\s+)?/g, ' to ')
    .replace(/\btill\b|\buntil\b/g, ' to ');
}

function tokenize(text: string): string[] {
  return text
    .replace(/[.!?;()[\]{}"]+/g, ' | ')
    .replace(/[,&+]/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
}

const isWordToken = (t: string) => t !== '|' && !STOP_WORDS.has(t) && !/\d/.test(t) && /\p{L}/u.test(t);

function phraseAfter(tokens: string[], start: number): string {
  let i = start;
  while (i < tokens.length && LEADING_ARTICLES.has(tokens[i])) i++;
  const words: string[] = [];
  for (; i < tokens.length && words.length < PLACE_MAX_WORDS && (isWordToken(tokens[i]) || tokens[i] === 'airport'); i++) words.push(tokens[i]);
  return words.join(' ');
}

function phraseBefore(tokens: string[], end: number): string {
  const words: string[] = [];
  for (let i = end - 1; i >= 0 && words.length < PLACE_MAX_WORDS && isWordToken(tokens[i]); i--) words.unshift(tokens[i]);
  return words.join(' ');
}

function markedPhrases(tokens: string[]): { pickup?: string; dropoff?: string } {
  const found: { pickup?: string; dropoff?: string } = {};
  tokens.forEach((token, i) => {
    if (token === 'from') found.pickup = phraseAfter(tokens, i + 1) || found.pickup;
    if (token === 'to') found.dropoff = phraseAfter(tokens, i + 1) || found.dropoff;
  });
  if (found.dropoff && !found.pickup) {
    const to = tokens.findIndex((t, i) => t === 'to' && phraseAfter(tokens, i + 1));
    found.pickup = phraseBefore(tokens, to) || undefined;
  }
  return found;
}

function bareRuns(tokens: string[]): string[] {
  const runs: string[][] = [[]];
  for (const t of tokens) {
    if (isWordToken(t) || t === 'airport') runs[runs.length - 1].push(t);
    else if (runs[runs.length - 1].length) runs.push([]);
  }
  return runs.filter((r) => r.length).map((r) => r.slice(0, PLACE_MAX_WORDS).join(' '));
}

/** Place words echoed back to the rider: letters, digits and spaces only, short. */
export function echoable(text: string): string {
  return text
    .replace(/[^\p{L}\p{N} '-]/gu, '')
    .trim()
    .slice(0, 40);
}

/** Reads pickup and drop-off phrases ("from X to Y", "X to Y", "pick me up at X", a bare town) and resolves them. */
export function placesOf(text: string, ctx: ParseContext, parsed: ParsedMessage, resolvePlace: PlaceResolver): void {
  const tokens = tokenize(normaliseMarkers(text));
  const marked = markedPhrases(tokens);
  const resolveInto = (field: PlaceField, phrase: string, options: { fuzzy: boolean; minPopulation?: number }) => {
    const place = resolvePlace(phrase, { country: ctx.country, ...options });
    if (place) parsed.slots[field] = place;
    else if (hasAirportWord(phrase)) parsed.airportOnly = field;
    else parsed.unknownPlaces.push({ field, text: echoable(phrase) });
  };
  if (marked.pickup || marked.dropoff) {
    if (marked.pickup) resolveInto('pickup', marked.pickup, { fuzzy: true });
    if (marked.dropoff) resolveInto('dropoff', marked.dropoff, { fuzzy: true });
    return;
  }
  const runs = bareRuns(tokens);
  if (!runs.length) return;
  if (ctx.expect === 'pickup' || ctx.expect === 'dropoff') {
    resolveInto(ctx.expect, runs[0], { fuzzy: true });
    return;
  }
  const found = runs
    .map((r) => resolvePlace(r, { country: ctx.country, fuzzy: false, minPopulation: BARE_MIN_POPULATION }))
    .filter((p): p is PlaceSlot => Boolean(p));
  if (found.length >= 2) [parsed.slots.pickup, parsed.slots.dropoff] = found;
  else if (found.length === 1) parsed.bare = found[0];
}
