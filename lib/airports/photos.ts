import 'server-only';
import { readUpload, storeImage } from '@/lib/blog/images';
import type { StoredImage } from '@/lib/blog/schemas';
import { AIRPORT_PHOTO_PATTERN } from './schemas';

/** Stores a meeting-point photo (PNG, JPEG or WebP up to 5 MB, re-encoded); refusals carry `image*` keys. */
export function storeMeetingPhoto(tenantSlug: string, bytes: Uint8Array): Promise<StoredImage> {
  return storeImage(tenantSlug, 'airport', bytes);
}

/** True when the path is a meeting-point photo this operator uploaded and its file exists. */
export async function isOwnMeetingPhoto(tenantSlug: string, publicPath: string): Promise<boolean> {
  if (!AIRPORT_PHOTO_PATTERN.test(publicPath)) return false;
  const segments = publicPath.slice('/media/'.length).split('/');
  return (await readUpload(tenantSlug, segments)) !== undefined;
}
