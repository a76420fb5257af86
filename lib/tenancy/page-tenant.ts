import 'server-only';
import { cache, type JSX } from 'react';
import type { Metadata } from 'next';
import { unstable_cache } from 'next/cache';
import { notFound } from 'next/navigation';
import { hasLocale } from 'next-intl';
import { setRequestLocale } from 'next-intl/server';
import { routing } from '@/lib/i18n/routing';
import { fromLocaleTag, type Market } from '@/lib/i18n/markets';
import { tenantCacheTag } from '@/lib/page-cache/tags';
import { findTenantBySlug, type Tenant } from './queries';

export type PageParams = Promise<{ tenant: string; locale: string }>;

/** What a page file re-exports: its default component and its metadata. */
export type PageRoute = {
  Page: (props: { params: PageParams }) => Promise<JSX.Element>;
  generateMetadata: (props: { params: PageParams }) => Promise<Metadata>;
};

/**
 * The tenant of a page through Next's data cache, tagged per operator: every
 * page rendered from it carries the tag, so a settings change (lib/settings/refresh.ts)
 * or a fare change re-renders exactly that operator's pages. A miss is asked
 * again (an operator that signed up a moment ago); dates come back as text.
 */
async function cachedTenant(slug: string): Promise<Tenant | undefined> {
  const hit = await unstable_cache(async () => (await findTenantBySlug(slug)) ?? null, ['page-tenant', slug], {
    tags: [tenantCacheTag(slug)],
    revalidate: 300,
  })();
  if (!hit) return findTenantBySlug(slug);
  return { ...hit, settingsUpdatedAt: new Date(hit.settingsUpdatedAt) };
}

const tenantBySlug = cache(cachedTenant);

/** Resolves the tenant and locale of a page from its route params (404 when either is unknown). */
export async function pageContext(params: PageParams): Promise<{ tenant: Tenant; locale: string; market: Market }> {
  const { tenant: slug, locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  const tenant = await tenantBySlug(slug);
  if (!tenant) notFound();
  return { tenant, locale, market: fromLocaleTag(locale)! };
}
