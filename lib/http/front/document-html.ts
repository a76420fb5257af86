import { classesOf, usedCss } from './used-css';

/**
 * The HTML of documents (the page kinds of lib/page-cache/kinds.ts): server-rendered pages whose every
 * control is a link, so the front door sends them without the app's JavaScript. Pure functions.
 */

/** `data-document` on <main>: the page's shell rendered in document mode (components/layout/site-shell.tsx). */
export const DOCUMENT_MARKER = 'data-document="static"';

/** The plain visit script documents keep (public/visit.js). */
export const VISIT_SCRIPT = '/visit.js';

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
 * The document's own stylesheets inlined as <style>, each cut to the rules
 * its classes can use (used-css.ts): the first paint needs no further
 * request, and a crawler reads the page's CSS, not the app's. `read` gives a
 * file's text, or undefined to keep the link.
 */
export function inlineStylesheets(html: string, read: (href: string) => string | undefined): string {
  let classes: Set<string> | undefined;
  return html.replace(STYLESHEET, (link, href: string) => {
    const css = read(href);
    if (css === undefined || css.includes('</style')) return link;
    classes ??= classesOf(html);
    return `<style>${usedCss(css, classes)}</style>`;
  });
}
