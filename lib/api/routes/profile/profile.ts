import { endpoint } from '@/lib/api/endpoint';
import { clearedSessionCookie } from '@/lib/auth/cookies';
import { deleteAccount, updateProfile, updateProfileSchema } from '@/lib/auth/profile';
import { jsonResponse } from '@/lib/http/json';

/** Updates the signed-in user's name and e-mail. */
export const PATCH = endpoint({ auth: 'required', body: updateProfileSchema }, async ({ db, session, body }) => {
  return { success: true, data: await updateProfile(db, session, body) };
});

/** Deletes the signed-in rider's account and signs them out everywhere. */
export const DELETE = endpoint({ auth: ['travelsx-user'] }, async ({ db, session }) => {
  await deleteAccount(db, session);
  const response = jsonResponse({ success: true });
  response.headers.append('set-cookie', clearedSessionCookie());
  return response;
});
