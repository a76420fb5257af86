import { NextResponse, type NextRequest } from 'next/server';
import { marketPrefix, negotiateMarket, negotiateOperatorMarket } from '@/lib/i18n/markets';
import { decideLocalePath } from '@/lib/i18n/locale-path';
import { LOCALE_COOKIE } from '@/lib/i18n/routing';
import { HOME_PATH } from '@/lib/tenancy/host';
import { resolveTenantForHost } from '@/lib/tenancy/resolve';
import { decideHostPage, ownDomainRedirect } from '@/lib/tenancy/host-pages';
import { siteOrigin } from '@/lib/seo/origin';
import { platformOrigin } from '@/lib/tenancy/platform';
import { normalisePlaceName } from '@/lib/places/normalise';

/** Place-like pages whose segment is normalised (docs/requirements/crawler.md#place-names-in-urls) (308 to the normal spelling). */
const PLACE_PATH = /^\/(place|city|taxi)\/([^/]+)(\/.*)?$/;

/** A segment in its normal spelling (encoded), or undefined when it cannot be decoded or normalises to nothing. */
function normalSegment(segment: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    return undefined;
  }
  const slug = normalisePlaceName(decoded);
  return slug ? encodeURIComponent(slug) : undefined;
}

function normalisedPlacePath(rest: string): string | undefined {
  const match = PLACE_PATH.exec(rest);
  if (!match) return undefined;
  const city = normalSegment(match[2]);
  if (!city) return undefined;
  // a place's locality (/place/{city}/{locality}) is a place name too: one hop for both parts
  const tail =
    match[1] === 'place' && match[3] ? match[3].replace(/^\/([^/]+)$/, (whole, segment: string) => `/${normalSegment(segment) ?? segment}`) : (match[3] ?? '');
  const path = `/${match[1]}/${city}${tail}`;
  return path !== rest ? path : undefined;
}

/**
 * Thin edge of the app: host -> tenant and host mode, path -> locale, then a
 * rewrite to /{tenant}/{locale}/... so each tenant's pages are cached apart.
 * Authorization is never decided here.
 */
export async function middleware(request: NextRequest): Promise<NextResponse> {
  const cookieTag = request.cookies.get(LOCALE_COOKIE)?.value;
  const acceptLanguage = request.headers.get('accept-language');
  const resolved = await resolveTenantForHost(request.headers.get('host'));
  // on an operator's host (its own domain or its subdomain) its own market is the country; the browser picks only the language
  const negotiated =
    resolved && resolved.mode !== 'platform'
      ? negotiateOperatorMarket(resolved.tenant.countryCode, cookieTag, acceptLanguage)
      : negotiateMarket(cookieTag, acceptLanguage);
  if (!resolved) {
    const url = request.nextUrl.clone();
    url.pathname = `/site-not-found/${negotiated.lang}`;
    url.search = '';
    return NextResponse.rewrite(url, { status: 404 });
  }

  // An operator with a verified own domain: its old host sends riders and crawlers there (the console stays here).
  if (ownDomainRedirect({ ...resolved, domain: resolved.tenant.domain }, request.nextUrl.pathname)) {
    const target = new URL(`${request.nextUrl.pathname}${request.nextUrl.search}`, siteOrigin(resolved.tenant));
    return NextResponse.redirect(target, 308);
  }

  const decision = decideLocalePath(request.nextUrl.pathname, negotiated, HOME_PATH[resolved.mode]);
  if (decision.action === 'redirect') {
    const url = request.nextUrl.clone();
    url.pathname = decision.location;
    const response = NextResponse.redirect(url, decision.permanent ? 308 : 307);
    if (!decision.permanent) response.headers.set('Vary', 'Accept-Language, Cookie');
    return response;
  }

  const hostPage = decideHostPage(resolved, decision.rest);
  if (hostPage.action === 'redirect') {
    const url = request.nextUrl.clone();
    url.pathname = `${marketPrefix(decision.market)}${hostPage.path}`;
    return NextResponse.redirect(url, 307);
  }
  if (hostPage.action === 'platform') {
    const target = new URL(`${request.nextUrl.pathname}${request.nextUrl.search}`, platformOrigin(request.headers.get('host') ?? undefined));
    return NextResponse.redirect(target, 307);
  }
  if (hostPage.action === 'not-found') {
    const url = request.nextUrl.clone();
    url.pathname = `/${resolved.tenant.slug}/${decision.locale}/page-not-found`;
    return NextResponse.rewrite(url, { status: 404 });
  }

  const normalised = normalisedPlacePath(decision.rest);
  if (normalised) {
    const url = request.nextUrl.clone();
    url.pathname = `${marketPrefix(decision.market)}${normalised}`;
    return NextResponse.redirect(url, 308);
  }

  const url = request.nextUrl.clone();
  url.pathname = `/${resolved.tenant.slug}/${decision.locale}${decision.rest}`;
  return NextResponse.rewrite(url);
}

export const config = {
  runtime: 'nodejs',
  matcher: [
    '/((?!api/|media/|_next/|socket\\.io/|site-not-found/|brand/|icons/|vehicles/|sounds/|favicon\\.ico|favicon\\.svg|robots\\.txt|sitemap|manifest\\.webmanifest|sw\\.js|visit\\.js).*)',
  ],
};
