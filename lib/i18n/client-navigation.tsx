'use client';

import { usePathname as useNextPathname, useRouter as useNextRouter } from 'next/navigation';
import { useMemo, type ComponentProps, type MouseEvent } from 'react';
import { useLocale } from 'next-intl';
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE, prefixedHref, prefixOfTag, unprefixedPath, type Href } from './prefix';

/** Paths of the browser's links: the market table stays on the server (see ./prefix). */
const getPathname = ({ href, locale }: { href: Href; locale: string }) => prefixedHref(prefixOfTag(locale), href);

/** Remembers a newly chosen locale, as the middleware reads it on the next unprefixed visit. */
function rememberLocale(current: string, next: string | undefined): void {
  if (!next || next === current) return;
  document.cookie = `${LOCALE_COOKIE}=${next}; path=/; max-age=${LOCALE_COOKIE_MAX_AGE}; samesite=lax`;
}

type LinkProps = Omit<ComponentProps<'a'>, 'href'> & {
  href: Href;
  locale?: string;
  /** Replace the history entry instead of adding one. */
  replace?: boolean;
  /** Scroll to the top after the navigation (the default), as next/link's. */
  scroll?: boolean;
  /** `false`: never fetch the page ahead. Otherwise it is fetched when the pointer or focus reaches the link. */
  prefetch?: boolean;
};

/** A click the browser should handle itself: another tab or window, a download, a modified or non-primary click. */
const browserHandles = (event: MouseEvent<HTMLAnchorElement>) =>
  event.defaultPrevented ||
  event.button !== 0 ||
  event.metaKey ||
  event.ctrlKey ||
  event.shiftKey ||
  event.altKey ||
  (event.currentTarget.target && event.currentTarget.target !== '_self') ||
  event.currentTarget.hasAttribute('download');

/**
 * A link to an app path under the locale's prefix (the current one unless `locale` is given), navigated
 * in the page by Next's router like next/link, and fetched ahead when the pointer or focus reaches it
 * (not every link in view, as next/link does: a rider on a metered phone plan pays for those). It is not
 * next/link because that one costs every page about 3 kB of first-load JavaScript (docs/architecture/booking.md#first-load).
 */
export function Link({ href, locale, onClick, prefetch, replace, scroll, onPointerEnter, onFocus, ...rest }: LinkProps) {
  const router = useNextRouter();
  const current = useLocale();
  const target = locale ?? current;
  const switching = target !== current;
  const path = getPathname({ href, locale: target });
  const ahead = () => {
    if (!switching && prefetch !== false) router.prefetch(path);
  };
  return (
    <a
      href={path}
      hrefLang={switching ? target : undefined}
      // a finger's touch enters too (pointer events cover mouse, pen and touch)
      onPointerEnter={(event) => {
        ahead();
        onPointerEnter?.(event);
      }}
      onFocus={(event) => {
        ahead();
        onFocus?.(event);
      }}
      onClick={(event) => {
        if (switching) rememberLocale(current, target);
        onClick?.(event);
        if (browserHandles(event)) return;
        event.preventDefault();
        router[replace ? 'replace' : 'push'](path, scroll === false ? { scroll: false } : undefined);
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
