import 'server-only';
import { createTranslator } from 'next-intl';
import type { Db } from '@/lib/db/client';
import { activeRateCards } from '@/lib/fares/rate-cards';
import { formatMoney } from '@/lib/i18n/format';
import { loadMessages } from '@/lib/i18n/messages';
import { DEFAULT_COUNTRY, DEFAULT_LOCALE_TAG, isCountryCode, languagesForCountry, toLocaleTag } from '@/lib/i18n/markets';
import { logger } from '@/lib/log';
import { formatPhone } from '@/lib/tenancy/contact';
import { listServiceAreas, type Tenant } from '@/lib/tenancy/queries';
import { chatCompletion, htmlOfReply } from './llm';
import { llmConfig } from '@/lib/llm/client';
import { plainDescription } from './sanitize';
import { BLOG_LIMITS, DESCRIPTION_MIN_CHARS, type GenerateBlogInput } from './schemas';
import { suggestKeywords, writeArticle, type OperatorFacts, type WriterText } from './writer';

export type Generated = { text: string; source: 'llm' | 'builtin' };

/** The locale tag a post is written in: the asked language if the operator's country offers it, else the operator's. */
/** Languages the operator's market offers, its pages' languages. */
export function offeredLanguages(tenant: Pick<Tenant, 'countryCode'>): readonly string[] {
  return languagesForCountry(isCountryCode(tenant.countryCode) ? tenant.countryCode : DEFAULT_COUNTRY);
}

export function writingLocale(tenant: Pick<Tenant, 'countryCode' | 'language'>, language?: string): string {
  const country = isCountryCode(tenant.countryCode) ? tenant.countryCode : DEFAULT_COUNTRY;
  const offered = languagesForCountry(country);
  const lang = [language, tenant.language].find((l): l is string => Boolean(l && offered.includes(l))) ?? offered[0];
  return toLocaleTag({ country, lang });
}

async function writerContext(locale: string) {
  const messages = await loadMessages(locale);
  // A language whose file lacks the writer's sentences yet writes in English, with its own number formats.
  const sentences = messages.BlogCreate?.writer ? messages : await loadMessages(DEFAULT_LOCALE_TAG);
  const writer = createTranslator({ locale, messages: sentences, namespace: 'BlogCreate.writer' });
  const vehicles = createTranslator({ locale, messages, namespace: 'VehicleTypes' });
  return { t: writer as unknown as WriterText, vehicleName: (type: string) => (vehicles.has(type as 'sedan') ? vehicles(type as 'sedan') : type) };
}

/** The operator's cities, vehicles and fares, formatted for `locale`. */
export async function operatorFacts(db: Db, tenant: Tenant, locale: string, vehicleName: (type: string) => string): Promise<OperatorFacts> {
  const [areas, cards] = await Promise.all([listServiceAreas(tenant.id, db), activeRateCards(db, tenant)]);
  const money = (minor: number) => formatMoney(minor, tenant.currency, locale);
  const listFormat = new Intl.ListFormat(locale, { style: 'long', type: 'conjunction' });
  return {
    businessName: tenant.name,
    phone: formatPhone(tenant)?.display,
    cities: areas.map((area) => area.name),
    vehicles: cards.map((card) => {
      const rental = card.rentalPackages[0];
      return {
        name: vehicleName(card.vehicleType),
        baseFare: money(card.baseFare),
        perKm: money(card.perKm),
        rental: rental ? { price: money(rental.price), hours: rental.hours, km: rental.km } : undefined,
      };
    }),
    list: (items) => listFormat.format(items),
  };
}

/** docs/requirements/partner.md#writing-the-blog: the prompt asks for a detailed, SEO-friendly blog post for the title in HTML with h1, h2, p, ul and strong. */
function prompts(facts: OperatorFacts, input: GenerateBlogInput, locale: string) {
  const language = new Intl.DisplayNames(['en'], { type: 'language' }).of(locale.split('-')[0]) ?? 'English';
  const fares = facts.vehicles.map((v) => `${v.name}: ${v.baseFare} base fare, ${v.perKm} per km`).join('; ');
  const system = [
    `You write blog posts for ${facts.businessName}, a taxi and travel operator.`,
    facts.cities.length ? `It serves ${facts.cities.join(', ')}.` : '',
    fares ? `Its fares: ${fares}.` : '',
    `Write in ${language}. Use only these facts about the operator; do not invent prices, ratings or places. Answer with the HTML only, without Markdown.`,
  ].filter(Boolean);
  const user = `Write a detailed, SEO-friendly blog post for the title "${input.title}" in HTML format. Use <h1>, <h2>, <p>, <ul>, and <strong> tags.${input.keywords ? ` Keywords: ${input.keywords}.` : ''}`;
  return [
    { role: 'system' as const, content: system.join(' ') },
    { role: 'user' as const, content: user },
  ];
}

/** The form's Description is plain text, whatever HTML the writer gave. */
const asDescription = (html: string, input: GenerateBlogInput) => plainDescription(html, input.title, BLOG_LIMITS.descriptionHtml);

/**
 * A description (plain text: paragraphs separated by blank lines, at least 100
 * characters) or a keyword list for a post: from the chat API when configured,
 * else, or when it fails, from the built-in writer.
 */
export async function generateForBlog(db: Db, tenant: Tenant, input: GenerateBlogInput): Promise<Generated> {
  const locale = writingLocale(tenant, input.language);
  const { t, vehicleName } = await writerContext(locale);
  const facts = await operatorFacts(db, tenant, locale, vehicleName);
  if (input.field === 'keywords') return { text: suggestKeywords(facts, input, t), source: 'builtin' };
  const config = llmConfig();
  if (config) {
    try {
      const text = asDescription(htmlOfReply(await chatCompletion(config, prompts(facts, input, locale))), input);
      if (text.length >= DESCRIPTION_MIN_CHARS) return { text, source: 'llm' };
      logger.warn({ tenant: tenant.slug }, 'chat API description too short; using the built-in writer');
    } catch (err) {
      logger.warn({ err, tenant: tenant.slug }, 'chat API failed; using the built-in writer');
    }
  }
  return { text: asDescription(writeArticle(facts, input, t), input), source: 'builtin' };
}
