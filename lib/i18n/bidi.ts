import { isRtl } from './markets';

/**
 * Text that reads left to right (a phone number) inside a sentence of `locale`: on a right-to-left page it is
 * isolated (U+2066 ... U+2069), else "+91 98765 43210" shows as "98765 43210 91+"; other pages get it unchanged.
 */
export function ltrText(text: string, locale: string): string {
  return isRtl(locale.split('-')[0]) ? `\u2066${text}\u2069` : text;
}
