/** Console sections (docs/requirements/partner.md#the-console-shell) and their paths under /travel or /delivery. */
export const CONSOLE_SECTIONS = [
  { key: 'home', path: 'home' },
  { key: 'rides', path: 'rides' },
  /** The live fleet map and the dispatch settings. */
  { key: 'map', path: 'map' },
  { key: 'book', path: 'ride/book' },
  /** The AI agent books for a customer by phone (components/chat/console-chat-page.tsx renders it). */
  { key: 'agent', path: 'ai/agent' },
  { key: 'vehicles', path: 'vehicles' },
  { key: 'drivers', path: 'drivers' },
  { key: 'agencies', path: 'agencies' },
  { key: 'wallet', path: 'wallet' },
  /** Fares, discounts, fees, refunds and commission from the rides and from the ledger, reconciled. */
  { key: 'money', path: 'money' },
  { key: 'rates', path: 'rates' },
  { key: 'airports', path: 'airports' },
  { key: 'promos', path: 'promos' },
  { key: 'customers', path: 'customers' },
  { key: 'events', path: 'events' },
  { key: 'visits', path: 'visits' },
  { key: 'apps', path: 'apps' },
  { key: 'blog', path: 'blog/create' },
  /** The operator's posts, each to edit (blog/edit/{slug}, the same section) or delete. */
  { key: 'posts', path: 'blog/posts' },
  { key: 'reviews', path: 'reviews' },
  { key: 'invoice', path: 'invoice' },
  { key: 'settings', path: 'settings' },
  { key: 'domain', path: 'domain' },
  { key: 'integrations', path: 'integrations' },
  { key: 'help', path: 'help' },
] as const;

export type ConsoleArea = 'travel' | 'delivery';
export type ConsoleSection = (typeof CONSOLE_SECTIONS)[number]['key'];

export const PARTNER_ROLE = { travel: 'travelsx-partner', delivery: 'deliverx-partner' } as const;

export function sectionHref(area: ConsoleArea, section: ConsoleSection): string {
  const found = CONSOLE_SECTIONS.find((s) => s.key === section)!;
  return `/${area}/${found.path}`;
}
