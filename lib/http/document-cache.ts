/**
 * The front door's memory of static documents (lib/http/front.ts). One store
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

const MAX_BYTES = 64 * 1024 * 1024;

class DocumentCache {
  private entries = new Map<string, DocumentEntry>();
  private bytes = 0;

  get(key: string): DocumentEntry | undefined {
    const entry = this.entries.get(key);
    if (entry) {
      // least recently used goes first when the store is full
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry;
  }

  set(key: string, entry: DocumentEntry): void {
    this.delete(key);
    this.entries.set(key, entry);
    this.bytes += entry.body.length + entry.gzip.length;
    for (const [oldest] of this.entries) {
      if (this.bytes <= MAX_BYTES) break;
      this.delete(oldest);
    }
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.body.length + entry.gzip.length;
  }

  /** Drops the documents rendered from these tenant paths, or every document of a tenant (`/{tenant}/` prefix). */
  purge(match: (internalPath: string) => boolean): number {
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

export function documentCache(): DocumentCache {
  const holder = globalThis as typeof globalThis & { [STORE]?: DocumentCache };
  holder[STORE] ??= new DocumentCache();
  return holder[STORE];
}

/** Forgets the cached documents of these tenant paths (what revalidatePath refreshes in Next's cache). */
export function purgeDocuments(internalPaths: readonly string[]): number {
  const paths = new Set(internalPaths);
  return documentCache().purge((path) => paths.has(path));
}

/** Forgets every cached document of a tenant (its rates, name or places changed). */
export function purgeTenantDocuments(tenantSlug: string): number {
  const prefix = `/${tenantSlug}/`;
  return documentCache().purge((path) => path.startsWith(prefix));
}
