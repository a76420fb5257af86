import type en from '@/messages/en.json';

/*
 * The built-in blog writer (docs/requirements/deployer.md#outside-services, used when no chat API is
 * configured): an article in the allowlisted HTML built from the title, the
 * keywords and the operator's own facts. Every sentence comes from
 * `BlogCreate.writer`; every interpolated value is escaped.
 */

export type WriterKey = keyof typeof en.BlogCreate.writer;
export type WriterText = (key: WriterKey, values?: Record<string, string | number>) => string;

/** What the operator offers, already formatted for the reader's locale. */
export type OperatorFacts = {
  businessName: string;
  phone?: string;
  cities: string[];
  vehicles: { name: string; baseFare: string; perKm: string; rental?: { price: string; hours: number; km: number } }[];
  /** "Chennai, Bengaluru and Coimbatore" in the reader's language. */
  list: (items: string[]) => string;
};

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

const el = (tag: string, text: string) => `<${tag}>${escapeHtml(text)}</${tag}>`;
const item = (title: string, body: string) => `<li><strong>${escapeHtml(title)}</strong>: ${escapeHtml(body)}</li>`;

/** Comma-separated keywords as a list, blanks and repeats removed. */
export function splitKeywords(keywords: string | undefined): string[] {
  const words = new Map<string, string>();
  for (const raw of (keywords ?? '').split(/[,;\n]/)) {
    const word = raw.trim().replace(/\s+/g, ' ');
    if (word && !words.has(word.toLowerCase())) words.set(word.toLowerCase(), word);
  }
  return [...words.values()];
}

/** Cities the article names: the ones the title or keywords mention first, then the rest in the operator's order. */
function citiesInFocus(cities: string[], topic: string): string[] {
  const lower = topic.toLowerCase();
  const mentioned = cities.filter((city) => lower.includes(city.toLowerCase()));
  return [...mentioned, ...cities.filter((city) => !mentioned.includes(city))].slice(0, 8);
}

export function writeArticle(facts: OperatorFacts, input: { title: string; keywords?: string }, t: WriterText): string {
  const title = input.title.trim();
  const keywords = splitKeywords(input.keywords);
  const cities = citiesInFocus(facts.cities, `${title} ${keywords.join(' ')}`);
  const businessName = facts.businessName;
  const parts = [el('h1', title), el('p', t('intro', { title, businessName }))];

  parts.push(el('h2', t('citiesHeading', { businessName })));
  parts.push(el('p', cities.length ? t('cities', { cities: facts.list(cities) }) : t('citiesNone')));

  if (facts.vehicles.length) {
    parts.push(el('h2', t('vehiclesHeading')));
    const rows = facts.vehicles.map((v) =>
      item(
        v.name,
        v.rental
          ? t('vehicleRental', { baseFare: v.baseFare, perKm: v.perKm, rentalPrice: v.rental.price, hours: v.rental.hours, km: v.rental.km })
          : t('vehicle', { baseFare: v.baseFare, perKm: v.perKm }),
      ),
    );
    parts.push(`<ul>${rows.join('')}</ul>`, el('p', t('vehiclesNote')));
  }

  parts.push(el('h2', t('tipsHeading')));
  const tips = (['Book', 'Fares', 'Pay', 'Support'] as const).map((tip) => item(t(`tip${tip}Title`), t(`tip${tip}`)));
  parts.push(`<ul>${tips.join('')}</ul>`);

  if (keywords.length) {
    parts.push(el('h2', t('keywordsHeading')), el('p', t('keywords', { keywords: facts.list(keywords) })));
  }

  parts.push(el('h2', t('bookHeading')));
  parts.push(el('p', facts.phone ? t('book', { businessName, phone: facts.phone }) : t('bookNoPhone', { businessName })));
  return parts.join('\n');
}

/** Keyword suggestions: the title, the operator's cities as "{city} taxi", and its booking phrase. */
export function suggestKeywords(
  facts: Pick<OperatorFacts, 'businessName' | 'cities'>,
  input: { title: string; keywords?: string },
  t: WriterText,
  max = 500,
): string {
  const title = input.title
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
  const candidates = [
    ...splitKeywords(input.keywords),
    title,
    ...citiesInFocus(facts.cities, input.title)
      .slice(0, 4)
      .map((city) => t('cityKeyword', { city }).toLowerCase()),
    t('bookingKeyword', { businessName: facts.businessName }).toLowerCase(),
  ];
  const picked: string[] = [];
  for (const word of splitKeywords(candidates.join(','))) {
    if ([...picked, word].join(', ').length > max) break;
    picked.push(word);
  }
  return picked.join(', ');
}
