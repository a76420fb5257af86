import { isRtl } from './markets';

/**
 * Text that reads left to right (a phone number) inside a sentence of `locale`: on a right-to-left page it is
 * isolated (U+2066 ... U+2069), else "+91 98765 43210" shows as "98765 43210 91+"; other pages get it unchanged.
 */
export function ltrText(text: string, locale: string): string {
  return isRtl(locale.split('-')[0]) ? `\u2066${text}\u2069` : text;
}

/**
 * "{from} → {to}" with the arrow pointing the reading direction of `locale` ("←" on a right-to-left page;
 * U+2192 is not mirrored by the browser). Each name is isolated (U+2068 ... U+2069), so a Latin name on an
 * Arabic page or an Arabic one on an English page cannot turn the route around (docs/requirements/markets.md#right-to-left).
 */
export function routeText(from: string, to: string, locale: string): string {
  return `\u2068${from}\u2069 ${isRtl(locale.split('-')[0]) ? '←' : '→'} \u2068${to}\u2069`;
}
