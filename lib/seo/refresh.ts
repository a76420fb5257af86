import 'server-only';
import { revalidatePath } from 'next/cache';
import { purgeTenantDocuments } from '@/lib/http/document-cache';
import { logger } from '@/lib/log';

/** Renders an operator's pages afresh (its fares changed): the front door's documents and Next's cache under /{tenant}. */
export function refreshTenantPages(tenantSlug: string): void {
  purgeTenantDocuments(tenantSlug);
  try {
    revalidatePath(`/${tenantSlug}`, 'layout');
  } catch (err) {
    logger.debug({ err }, 'pages not revalidated (no Next.js cache in this context)');
  }
}
