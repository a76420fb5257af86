/**
 * Static documents: the pages crawlers index (place, locality, airport,
 * transfer, route, service places and blog pages). They are server-rendered HTML whose every control is
 * a link, so the front door (lib/http/front.ts) sends them without the app's
 * JavaScript and answers repeats from memory. Pure functions, unit-tested.
 */

/** `data-document` on <main>: the page's shell rendered in document mode (components/layout/site-shell.tsx). */
export const DOCUMENT_MARKER = 'data-document="static"';

/** The plain visit script documents keep (public/visit.js). */
export const VISIT_SCRIPT = '/visit.js';

const MARKET_PREFIX = /^\/[a-z]{2}\/[a-z]{2,3}(\/.*)$/;

/** App paths (after /{country}/{lang}) of documents; `blog/create` is the editor, not a document. */
const DOCUMENT_REST =
  /^\/(?:place\/[^/]+(?:\/[^/]+)?|airport\/[^/]+(?:\/[^/]+)?|city\/[^/]+|taxi\/[^/]+|service\/places|blogs(?:\/page\/\d+)?|blog\/(?!create$)[^/]+|[^/.]+)$/;

/** First segments of the app's own single-segment pages, which are never documents. */
const APP_ROOTS = new Set(['ai', 'appstores', 'business', 'contact-us', 'delivery', 'driver', 'partner', 'privacy', 'signup', 'terms', 'travel', 'user']);

/** Whether a public path may be a document (the rendered page still has to carry the marker). */
export function isDocumentPath(pathname: string): boolean {
  const match = MARKET_PREFIX.exec(pathname);
  if (!match) return false;
  const rest = match[1];
  if (!DOCUMENT_REST.test(rest)) return false;
  const segments = rest.split('/');
  return segments.length > 2 || !APP_ROOTS.has(segments[1]);
}

const SCRIPT_TAG = /<script\b([^>]*)>([\s\S]*?)<\/script>/g;
const SCRIPT_PRELOAD = /<link\b[^>]*\bas="script"[^>]*\/?>|<link\b[^>]*\brel="modulepreload"[^>]*\/?>/g;
/** React's out-of-order streaming leaves hidden segments that need its inline scripts to show. */
const NEEDS_SCRIPTS = /<div hidden id="S:|<template id="B:/;

/**
 * The document without the app's JavaScript: every script except JSON-LD and
 * the visit script, and the script preloads. Returns undefined when the HTML
 * is not a document or cannot do without its scripts.
 */
export function stripAppScripts(html: string): string | undefined {
  if (!html.includes(DOCUMENT_MARKER) || NEEDS_SCRIPTS.test(html)) return undefined;
  return html
    .replace(SCRIPT_TAG, (tag, attributes: string) =>
      /\btype="application\/ld\+json"/.test(attributes) || attributes.includes(`src="${VISIT_SCRIPT}"`) ? tag : '',
    )
    .replace(SCRIPT_PRELOAD, '');
}

/** Seconds of `s-maxage` in a Cache-Control value (what Next sets from a page's revalidate), if any. */
export function sharedMaxAge(cacheControl: string | undefined): number | undefined {
  const match = /\bs-maxage=(\d+)/.exec(cacheControl ?? '');
  return match ? Number(match[1]) : undefined;
}

const STYLESHEET = /<link\b(?=[^>]*\brel="stylesheet")[^>]*\bhref="(\/_next\/static\/[^"]+\.css)"[^>]*\/?>/g;

/**
 * The document's own stylesheets inlined as <style> (a few kB gzipped): the
 * first paint needs no further request. `read` gives a file's text, or
 * undefined to keep the link.
 */
export function inlineStylesheets(html: string, read: (href: string) => string | undefined): string {
  return html.replace(STYLESHEET, (link, href: string) => {
    const css = read(href);
    return css === undefined || css.includes('</style') ? link : `<style>${css}</style>`;
  });
}
