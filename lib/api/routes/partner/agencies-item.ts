import { endpoint } from '@/lib/api/endpoint';
import { removeAgency, setAgencyOnline, setAgencyStatus } from '@/lib/fleet/agencies';
import { pathId } from '@/lib/fleet/errors';
import { CONSOLE_ROLES, updateAgencySchema } from '@/lib/fleet/schemas';

/** One change to a travel company of the session's business: {action} (verify, block, unblock) or {online}. */
export const PATCH = endpoint({ auth: CONSOLE_ROLES, body: updateAgencySchema }, async ({ db, session, body, params }) => {
  const id = pathId(params.id, 'agency');
  if (body.action) return { success: true, data: await setAgencyStatus(db, session.businessId, id, body.action) };
  return { success: true, data: await setAgencyOnline(db, session.businessId, id, body.online ?? false) };
});

/** Removes (soft) a travel company of the session's business together with its drivers. */
export const DELETE = endpoint({ auth: CONSOLE_ROLES }, async ({ db, session, params }) => {
  await removeAgency(db, session.businessId, pathId(params.id, 'agency'));
  return { success: true };
});
