import type { NoncedPage } from './nonced-page';

/**
 * The front door's memory of static documents and prerendered app pages (lib/http/front.ts). One store each
 * per process, kept on globalThis so that code bundled by Next (a blog publish)
 * and the server that answers requests see the same entries.
 */

export type DocumentEntry = {
  /** Response headers to replay (no hop-by-hop, length or encoding headers). */
  headers: Record<string, string | string[]>;
  body: Buffer;
  gzip: Buffer;
  etag: string;
  /** The tenant path Next rendered (/{tenant}/{locale}/...), which revalidatePath names. */
  internalPath: string;
  storedAt: number;
  freshMs: number;
};

/** An app page Next prerendered (user home, booking form): answered from memory with a fresh nonce each time. */
export type AppPageEntry = {
  /** Response headers to replay, without the policy (new per answer). */
  headers: Record<string, string | string[]>;
  page: NoncedPage;
  internalPath: string;
  storedAt: number;
  freshMs: number;
};

type Cached = { internalPath: string };

const MAX_BYTES = 64 * 1024 * 1024;

function sizeOf(entry: DocumentEntry | AppPageEntry): number {
  if ('page' in entry) return entry.page.length + entry.page.deflated.reduce((sum, piece) => sum + piece.length, 0);
  return entry.body.length + entry.gzip.length;
}

class DocumentCache<Entry extends Cached & (DocumentEntry | AppPageEntry)> {
  private entries = new Map<string, Entry>();
  private bytes = 0;
  /** Counts purges: a render that began before one is not stored (it may be the old page). */
  generation = 0;

  get(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry) {
      // least recently used goes first when the store is full
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry;
  }

  set(key: string, entry: Entry): void {
    this.delete(key);
    this.entries.set(key, entry);
    this.bytes += sizeOf(entry);
    for (const [oldest] of this.entries) {
      if (this.bytes <= MAX_BYTES) break;
      this.delete(oldest);
    }
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= sizeOf(entry);
  }

  /** Drops the documents rendered from these tenant paths, or every document of a tenant (`/{tenant}/` prefix). */
  purge(match: (internalPath: string) => boolean): number {
    this.generation += 1;
    let dropped = 0;
    for (const [key, entry] of [...this.entries]) {
      if (match(entry.internalPath)) {
        this.delete(key);
        dropped += 1;
      }
    }
    return dropped;
  }

  get size(): number {
    return this.entries.size;
  }
}

const STORE = Symbol.for('travelsx.documentCache');
const APP_STORE = Symbol.for('travelsx.appPageCache');

type Holder = typeof globalThis & { [STORE]?: DocumentCache<DocumentEntry>; [APP_STORE]?: DocumentCache<AppPageEntry> };

export function documentCache(): DocumentCache<DocumentEntry> {
  const holder = globalThis as Holder;
  holder[STORE] ??= new DocumentCache<DocumentEntry>();
  return holder[STORE];
}

export function appPageCache(): DocumentCache<AppPageEntry> {
  const holder = globalThis as Holder;
  holder[APP_STORE] ??= new DocumentCache<AppPageEntry>();
  return holder[APP_STORE];
}

/** Forgets the cached documents of these tenant paths (what revalidatePath refreshes in Next's cache). */
export function purgeDocuments(internalPaths: readonly string[]): number {
  const paths = new Set(internalPaths);
  return documentCache().purge((path) => paths.has(path)) + appPageCache().purge((path) => paths.has(path));
}

/** Forgets every cached document of a tenant (its rates, name or places changed). */
export function purgeTenantDocuments(tenantSlug: string): number {
  const prefix = `/${tenantSlug}/`;
  return documentCache().purge((path) => path.startsWith(prefix)) + appPageCache().purge((path) => path.startsWith(prefix));
}
