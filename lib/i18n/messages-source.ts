/** The shape of every language's messages (lib/i18n/messages.ts names it `Messages`). */
type Messages = typeof import('../../messages/en.json');

/**
 * A language's messages as Next's bundles get them: imported, so next-intl's plugin compiles them at build
 * time (next.config.mjs), which is the only form the formatter in those bundles reads. The compiled server
 * uses lib/i18n/messages-file.ts in this module's place (scripts/build-server.mjs).
 */
export function messagesOf(lang: string): Promise<Messages> {
  return import(`../../messages/${lang}.json`).then((module: { default: Messages }) => module.default);
}
