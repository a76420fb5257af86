import { createTranslator } from 'next-intl';
import { loadMessages, type Messages } from './messages';

/** A translator of one namespace in the locale's language, for server code outside a request's render. */
export async function runtimeTranslator<N extends keyof Messages>(locale: string, namespace: N) {
  return createTranslator({ locale, messages: await loadMessages(locale), namespace });
}
