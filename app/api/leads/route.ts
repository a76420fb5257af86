import type { NextRequest } from 'next/server';
import { route } from '@/lib/api/handler';
import { badRequest, payloadTooLarge } from '@/lib/api/errors';
import { clientIp } from '@/lib/api/client-ip';
import { createLead, limitLeads } from '@/lib/leads/commands';
import { LEAD_ERRORS, parseLead } from '@/lib/leads/schemas';

const MAX_BYTES = 16 * 1024;

/** The body as JSON; anything unreadable is the spec's "Invalid lead data provided". */
async function readLeadBody(req: NextRequest): Promise<unknown> {
  if (Number(req.headers.get('content-length') ?? '0') > MAX_BYTES) throw payloadTooLarge(MAX_BYTES);
  const text = await req.text();
  if (Buffer.byteLength(text) > MAX_BYTES) throw payloadTooLarge(MAX_BYTES);
  try {
    return text.trim() ? JSON.parse(text) : {};
  } catch {
    throw badRequest(LEAD_ERRORS.invalid);
  }
}

/** The lead call (spec 000 §3, §5, §8): name, e-mail and phone, or 400 with the spec's texts; nothing is stored on refusal. */
export const POST = route({}, async ({ req, db, tenant }) => {
  const parsed = parseLead(await readLeadBody(req));
  if (!parsed.ok) throw badRequest(parsed.message, parsed.field);
  await limitLeads(db, tenant.id, clientIp(req.headers));
  const lead = await createLead(db, tenant.id, parsed.lead);
  return { success: true, data: { id: lead.id } };
});
