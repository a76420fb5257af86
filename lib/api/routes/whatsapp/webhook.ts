import { z } from 'zod';
import { endpoint } from '@/lib/api/endpoint';
import { badRequest, forbidden, notFound, unauthorized } from '@/lib/api/errors';
import { readBody } from '@/lib/http/body';
import { safeEqual } from '@/lib/crypto/tokens';
import { runInBackground } from '@/lib/whatsapp/background';
import { whatsappConfig } from '@/lib/whatsapp/config';
import { handleInbound, whatsappChatSession } from '@/lib/whatsapp/inbound';
import { inTurn } from '@/lib/whatsapp/queue';
import { inboundMessages } from '@/lib/whatsapp/schemas';
import { isValidSignature } from '@/lib/whatsapp/signature';

/** Largest webhook body read, in bytes (Meta batches at most a few KiB). */
const MAX_BYTES = 256 * 1024;

const verifyQuerySchema = z.object({
  'hub.mode': z.string().optional(),
  'hub.verify_token': z.string().max(512).optional(),
  'hub.challenge': z.string().max(512).optional(),
});

function configured() {
  const config = whatsappConfig();
  if (!config) throw notFound('WhatsApp is not configured on this server.');
  return config;
}

/** Meta's subscription handshake: echoes hub.challenge when hub.verify_token matches. */
export const GET = endpoint({ query: verifyQuerySchema }, async ({ query }) => {
  const config = configured();
  const token = query['hub.verify_token'] ?? '';
  if (query['hub.mode'] !== 'subscribe' || !safeEqual(token, config.verifyToken)) throw forbidden('The verify token does not match.');
  return new Response(query['hub.challenge'] ?? '', { status: 200, headers: { 'content-type': 'text/plain; charset=utf-8' } });
});

/**
 * Inbound messages: the raw body must carry a valid X-Hub-Signature-256; the
 * answer is 200 at once and each message is handled afterwards, one turn at a
 * time per sender (duplicates dropped by message id).
 */
export const POST = endpoint({ crossSite: true, maxBytes: MAX_BYTES }, async ({ req, db, tenant }) => {
  const config = configured();
  const raw = await readBody(req, MAX_BYTES);
  if (!isValidSignature(raw, req.headers.get('x-hub-signature-256'), config.appSecret)) throw unauthorized('The signature does not match.');
  let payload: unknown;
  try {
    payload = JSON.parse(raw.toString('utf8'));
  } catch {
    throw badRequest('The request body is not valid JSON.');
  }
  for (const message of inboundMessages(payload)) {
    runInBackground('whatsapp message failed', () => inTurn(whatsappChatSession(message.from), () => handleInbound(db, tenant, config, message)));
  }
  return { success: true };
});
