import 'server-only';
import { cache, type JSX } from 'react';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { hasLocale } from 'next-intl';
import { setRequestLocale } from 'next-intl/server';
import { routing } from '@/lib/i18n/routing';
import { fromLocaleTag, type Market } from '@/lib/i18n/markets';
import { findTenantBySlug, type Tenant } from './queries';

export type PageParams = Promise<{ tenant: string; locale: string }>;

/** What a page file re-exports: its default component and its metadata. */
export type PageRoute = { Page: (props: { params: PageParams }) => Promise<JSX.Element>; generateMetadata: (props: { params: PageParams }) => Promise<Metadata> };

const tenantBySlug = cache((slug: string) => findTenantBySlug(slug));

/** Resolves the tenant and locale of a page from its route params (404 when either is unknown). */
export async function pageContext(params: PageParams): Promise<{ tenant: Tenant; locale: string; market: Market }> {
  const { tenant: slug, locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  const tenant = await tenantBySlug(slug);
  if (!tenant) notFound();
  return { tenant, locale, market: fromLocaleTag(locale)! };
}
