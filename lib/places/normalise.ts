/** docs/requirements/crawler.md#place-names-in-urls: lower-case, every run of non-letter/non-digit characters becomes one hyphen. */
export function normalisePlaceName(name: string): string {
  return name
    .normalize('NFC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
}
