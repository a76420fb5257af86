import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { drivers, vehicles } from '@/lib/db/schema';
import { DomainError } from '@/lib/errors/domain-error';
import { readBody } from '@/lib/http/body';
import { fleetNotFound } from './errors';
import { PHOTO_MAX_BYTES } from './photo-limits';
import { photoMissing, photoTooLarge, storePhoto, type PhotoKind } from './photos';

/** Room for the multipart envelope around the file, in bytes. */
const ENVELOPE_BYTES = 64 * 1024;
export const PHOTO_BODY_MAX = PHOTO_MAX_BYTES + ENVELOPE_BYTES;

/** The file of a multipart upload (field `file` or `photo`); too large or missing is refused naming `photo`. */
async function fileOf(req: Request): Promise<Uint8Array> {
  const body = await readBody(req, PHOTO_BODY_MAX).catch((error: unknown) => {
    throw error instanceof DomainError && error.kind === 'too_large' ? photoTooLarge() : error;
  });
  const form = await new Response(new Uint8Array(body), { headers: { 'content-type': req.headers.get('content-type') ?? '' } }).formData().catch(() => {
    throw photoMissing();
  });
  const file = form.get('file') ?? form.get('photo');
  if (!file || typeof file === 'string') throw photoMissing();
  return new Uint8Array(await file.arrayBuffer());
}

const TABLES = {
  driver: { table: drivers, column: 'photoUrl' },
  vehicle: { table: vehicles, column: 'imageUrl' },
} as const;

/** Stores the uploaded photo of a live driver or vehicle of this business (404 for another's, before anything is stored) and records it. */
export async function uploadFleetPhoto(db: Db, tenant: { id: number; slug: string }, kind: PhotoKind, id: number, req: Request): Promise<void> {
  await assertLive(db, tenant.id, kind, id);
  const url = await storePhoto(tenant.slug, kind, await fileOf(req));
  await setFleetPhoto(db, tenant.id, kind, id, url);
}

async function assertLive(db: Db, businessId: number, kind: PhotoKind, id: number): Promise<void> {
  const { table } = TABLES[kind];
  const [row] = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.id, id), eq(table.businessId, businessId), isNull(table.removedAt)))
    .limit(1);
  if (!row) throw fleetNotFound(kind);
}

/** Records (or with null removes) the photo of a live driver or vehicle of this business. */
export async function setFleetPhoto(db: Db, businessId: number, kind: PhotoKind, id: number, url: string | null): Promise<void> {
  const { table, column } = TABLES[kind];
  const updated = await db
    .update(table)
    .set({ [column]: url })
    .where(and(eq(table.id, id), eq(table.businessId, businessId), isNull(table.removedAt)))
    .returning({ id: table.id });
  if (!updated.length) throw fleetNotFound(kind);
}
