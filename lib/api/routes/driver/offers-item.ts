import { endpoint } from '@/lib/api/endpoint';
import { rideIdFromPath } from '@/lib/rides/numbers';
import { answerOwnOffer } from '@/lib/driver/offers';
import { offerAnswerSchema } from '@/lib/dispatch/schemas';

/** {answer: accept|decline} to the offer of ride {id}; after it ran out, a 409 `offer_expired`. */
export const POST = endpoint({ auth: ['travelsx-driver'], body: offerAnswerSchema }, async ({ db, tenant, session, body, params }) => {
  const rideId = await rideIdFromPath(db, tenant.id, params.id);
  return { success: true, data: await answerOwnOffer(db, tenant.id, session.userId, rideId, body) };
});
