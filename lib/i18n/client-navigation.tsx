'use client';

import NextLink from 'next/link';
import { usePathname as useNextPathname, useRouter as useNextRouter } from 'next/navigation';
import { useMemo, type ComponentProps } from 'react';
import { useLocale } from 'next-intl';
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE, prefixedHref, prefixOfTag, unprefixedPath, type Href } from './prefix';

/** Paths of the browser's links: the market table stays on the server (see ./prefix). */
const getPathname = ({ href, locale }: { href: Href; locale: string }) => prefixedHref(prefixOfTag(locale), href);

/** Remembers a newly chosen locale, as the middleware reads it on the next unprefixed visit. */
function rememberLocale(current: string, next: string | undefined): void {
  if (!next || next === current) return;
  document.cookie = `${LOCALE_COOKIE}=${next}; path=/; max-age=${LOCALE_COOKIE_MAX_AGE}; samesite=lax`;
}

type LinkProps = Omit<ComponentProps<typeof NextLink>, 'href' | 'locale'> & { href: Href; locale?: string };

/** next/link with the app path put under the locale's prefix (the current one unless `locale` is given). */
export function Link({ href, locale, onClick, prefetch, ...rest }: LinkProps) {
  const current = useLocale();
  const target = locale ?? current;
  const switching = target !== current;
  return (
    <NextLink
      href={getPathname({ href, locale: target })}
      hrefLang={switching ? target : undefined}
      prefetch={switching ? false : prefetch}
      onClick={(event) => {
        if (switching) rememberLocale(current, target);
        onClick?.(event);
      }}
      {...rest}
    />
  );
}

type NavigateOptions = { locale?: string; scroll?: boolean };

/** Next's router taking app paths: push('/ride/vehicles') goes to /{country}/{lang}/ride/vehicles; `locale` switches language. */
export function useRouter() {
  const router = useNextRouter();
  const current = useLocale();
  return useMemo(() => {
    const go = (method: 'push' | 'replace') => (href: Href, options?: NavigateOptions) => {
      rememberLocale(current, options?.locale);
      router[method](getPathname({ href, locale: options?.locale ?? current }), options?.scroll === undefined ? undefined : { scroll: options.scroll });
    };
    return { ...router, push: go('push'), replace: go('replace'), prefetch: (href: Href) => router.prefetch(getPathname({ href, locale: current })) };
  }, [router, current]);
}

/** The current app path without the locale prefix. */
export function usePathname(): string {
  const pathname = useNextPathname();
  const locale = useLocale();
  return unprefixedPath(pathname, prefixOfTag(locale));
}
