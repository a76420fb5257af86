import { z } from 'zod';
import { endpoint } from '@/lib/api/endpoint';
import { badRequest, forbidden, notFound, unauthorized } from '@/lib/api/errors';
import { readBody } from '@/lib/http/body';
import { safeEqual } from '@/lib/crypto/tokens';
import { runInBackground } from '@/lib/whatsapp/background';
import { whatsappConfigFor, whatsappConfigForNumber } from '@/lib/whatsapp/config';
import { findTenantById } from '@/lib/tenancy/queries';
import { handleInbound, whatsappChatSession } from '@/lib/whatsapp/inbound';
import { inTurn } from '@/lib/whatsapp/queue';
import { inboundMessages, webhookPayloadSchema } from '@/lib/whatsapp/schemas';
import { isValidSignature } from '@/lib/whatsapp/signature';

/** Largest webhook body read, in bytes (Meta batches at most a few KiB). */
const MAX_BYTES = 256 * 1024;

const verifyQuerySchema = z.object({
  'hub.mode': z.string().optional(),
  'hub.verify_token': z.string().max(512).optional(),
  'hub.challenge': z.string().max(512).optional(),
});

const notConfigured = () => notFound('WhatsApp is not configured on this server.');

/** The first phone number id a (not yet trusted) webhook body names, to find whose app secret signs it. */
function phoneNumberIdOf(payload: unknown): string | undefined {
  const parsed = webhookPayloadSchema.safeParse(payload);
  if (!parsed.success) return undefined;
  for (const entry of parsed.data.entry) for (const { value } of entry.changes) if (value.metadata?.phone_number_id) return value.metadata.phone_number_id;
  return undefined;
}

/** Meta's subscription handshake: echoes hub.challenge when hub.verify_token matches the Host operator's own number's token (or the deployment's). */
export const GET = endpoint({ query: verifyQuerySchema }, async ({ db, tenant, query }) => {
  const config = await whatsappConfigFor(db, tenant.id);
  if (!config) throw notConfigured();
  const token = query['hub.verify_token'] ?? '';
  if (query['hub.mode'] !== 'subscribe' || !safeEqual(token, config.verifyToken)) throw forbidden('The verify token does not match.');
  return new Response(query['hub.challenge'] ?? '', { status: 200, headers: { 'content-type': 'text/plain; charset=utf-8' } });
});

/**
 * Inbound messages go to the operator that owns the receiving number (its
 * phone number id in the body), whatever host Meta calls; a number nobody
 * connected falls back to the deployment's number for the Host's operator.
 * The raw body must carry a valid X-Hub-Signature-256 of that number's app
 * secret; the answer is 200 at once and each message is handled afterwards,
 * one turn at a time per sender (duplicates dropped by message id).
 */
export const POST = endpoint({ crossSite: true, maxBytes: MAX_BYTES }, async ({ req, db, tenant }) => {
  const raw = await readBody(req, MAX_BYTES);
  let payload: unknown;
  let parsed = true;
  try {
    payload = JSON.parse(raw.toString('utf8'));
  } catch {
    parsed = false;
  }
  const numberId = parsed ? phoneNumberIdOf(payload) : undefined;
  const owner = numberId ? await whatsappConfigForNumber(db, numberId) : undefined;
  const config = owner?.config ?? (await whatsappConfigFor(db, tenant.id));
  if (!config) throw notConfigured();
  if (!isValidSignature(raw, req.headers.get('x-hub-signature-256'), config.appSecret)) throw unauthorized('The signature does not match.');
  if (!parsed) throw badRequest('The request body is not valid JSON.');
  const target = owner ? await findTenantById(owner.businessId, db) : tenant;
  if (!target) throw notConfigured();
  for (const message of inboundMessages(payload)) {
    runInBackground('whatsapp message failed', () =>
      inTurn(whatsappChatSession(message.from, owner ? target.id : undefined), () => handleInbound(db, target, config, message, Boolean(owner))),
    );
  }
  return { success: true };
});
