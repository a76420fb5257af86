import { LRUCache } from 'lru-cache';

/** What every stored page carries; the front door adds the bytes it answers with. */
export type StoredPage = {
  /** The tenant path Next rendered (/{tenant}/{locale}/...), which a refresh names. */
  internalPath: string;
  /** Bytes held for it (bodies, compressed copies), counted against the store's budget. */
  bytes: number;
  storedAt: number;
  freshMs: number;
};

/**
 * Pages kept in memory by key (host and path), least recently used out first once the bytes pass the budget.
 * `generation` counts purges: a render that began before one is not stored, since it may be the old page.
 */
export class PageStore<Entry extends StoredPage> {
  private readonly entries: LRUCache<string, Entry>;
  generation = 0;

  constructor(maxBytes: number) {
    this.entries = new LRUCache<string, Entry>({ maxSize: maxBytes, sizeCalculation: (entry) => Math.max(1, entry.bytes) });
  }

  get(key: string): Entry | undefined {
    return this.entries.get(key);
  }

  set(key: string, entry: Entry): void {
    this.entries.set(key, entry);
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  /** Drops the pages whose internal path matches; returns how many. */
  purge(match: (internalPath: string) => boolean): number {
    this.generation += 1;
    let dropped = 0;
    for (const [key, entry] of [...this.entries.entries()]) {
      if (match(entry.internalPath)) {
        this.entries.delete(key);
        dropped += 1;
      }
    }
    return dropped;
  }

  get size(): number {
    return this.entries.size;
  }

  /** Bytes held now. */
  get bytes(): number {
    return this.entries.calculatedSize;
  }
}

/** Budget of each store, in bytes: a document counts its HTML and its gzip, an app page its pieces and their deflated copies. */
const STORE_MAX_BYTES = 64 * 1024 * 1024;

type Purgeable = { purge: (match: (internalPath: string) => boolean) => number };

const REGISTRY = Symbol.for('travelsx.pageStores');

/** The stores of this process by name, on globalThis: the server's bundle and Next's bundle (which may run a copy of the refresh) see the same. */
function registry(): Map<string, Purgeable> {
  const holder = globalThis as typeof globalThis & { [REGISTRY]?: Map<string, Purgeable> };
  holder[REGISTRY] ??= new Map();
  return holder[REGISTRY];
}

/** A store of the front door's pages (documents, app pages), purged by every refresh of this process. */
export function createPageStore<Entry extends StoredPage>(name: string, maxBytes = STORE_MAX_BYTES): PageStore<Entry> {
  const store = new PageStore<Entry>(maxBytes);
  registry().set(name, store);
  return store;
}

/** Forgets every page of a tenant (internal paths under `/{tenant}/`), or everything; returns how many went. */
export function purgeStores(scope: { tenant: string } | 'all'): number {
  const prefix = scope === 'all' ? '/' : `/${scope.tenant}/`;
  let dropped = 0;
  for (const store of registry().values()) dropped += store.purge((path) => path.startsWith(prefix));
  return dropped;
}
