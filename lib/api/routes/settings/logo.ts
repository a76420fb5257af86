import { endpoint } from '@/lib/api/endpoint';
import { DomainError } from '@/lib/api/errors';
import { readBody } from '@/lib/http/body';
import { PARTNER_ROLES } from '@/lib/partner/schemas';
import { readSettings, setLogo } from '@/lib/settings/commands';
import { settingsError } from '@/lib/settings/errors';
import { storeLogo } from '@/lib/settings/logo';
import { settingsChanged } from '@/lib/settings/refresh';
import { LOGO_MAX_BYTES } from '@/lib/settings/schemas';

/** Room for the multipart envelope around the file, in bytes. */
const ENVELOPE_BYTES = 64 * 1024;
export const LOGO_BODY_MAX = LOGO_MAX_BYTES + ENVELOPE_BYTES;

const tooLarge = () => settingsError('logoTooLarge', 'logo', 'too_large', { max: `${LOGO_MAX_BYTES / 1024 / 1024} MB` });

async function fileOf(req: Request): Promise<Uint8Array> {
  const body = await readBody(req, LOGO_BODY_MAX).catch((error: unknown) => {
    throw error instanceof DomainError && error.kind === 'too_large' ? tooLarge() : error;
  });
  const form = await new Response(new Uint8Array(body), { headers: { 'content-type': req.headers.get('content-type') ?? '' } }).formData().catch(() => {
    throw settingsError('logoMissing', 'logo');
  });
  const file = form.get('file') ?? form.get('logo');
  if (!file || typeof file === 'string') throw settingsError('logoMissing', 'logo');
  return new Uint8Array(await file.arrayBuffer());
}

/** Uploads the logo (multipart field `file`: PNG, JPEG, WebP or SVG up to 2 MB) and renders its icon set. */
export const POST = endpoint({ auth: PARTNER_ROLES, maxBytes: LOGO_BODY_MAX }, async ({ db, req, tenant }) => {
  const stored = await storeLogo(tenant.slug, await fileOf(req));
  await setLogo(db, tenant.id, stored);
  await settingsChanged(tenant);
  return { success: true, data: await readSettings(db, tenant.id) };
});

/** Removes the logo (the site shows the name alone and the platform's icon). */
export const DELETE = endpoint({ auth: PARTNER_ROLES }, async ({ db, tenant }) => {
  await setLogo(db, tenant.id, null);
  await settingsChanged(tenant);
  return { success: true, data: await readSettings(db, tenant.id) };
});
