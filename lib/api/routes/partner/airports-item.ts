import { endpoint } from '@/lib/api/endpoint';
import { clearMeetingPoint, updateMeetingPoint } from '@/lib/airports/commands';
import { meetingPointInputSchema } from '@/lib/airports/schemas';
import { PARTNER_ROLES } from '@/lib/partner/schemas';
import { refreshOperatorPages } from '@/lib/page-cache';

/** Sets the meeting point at one served airport (text per language, optional photo); its airport page shows it at once. */
export const PUT = endpoint({ auth: PARTNER_ROLES, body: meetingPointInputSchema }, async ({ db, tenant, body, params }) => {
  const point = await updateMeetingPoint(db, tenant, params.code ?? '', body);
  await refreshOperatorPages(tenant.slug);
  return { success: true, data: { code: point.airportCode, texts: point.texts, photoUrl: point.photoUrl, updatedAt: point.updatedAt.toISOString() } };
});

/** Clears the meeting point at one served airport. */
export const DELETE = endpoint({ auth: PARTNER_ROLES }, async ({ db, tenant, params }) => {
  await clearMeetingPoint(db, tenant, params.code ?? '');
  await refreshOperatorPages(tenant.slug);
  return { success: true };
});
