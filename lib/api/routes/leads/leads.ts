import { endpoint } from '@/lib/api/endpoint';
import { DomainError, badRequest } from '@/lib/api/errors';
import { readBody } from '@/lib/http/body';
import { refuseNul } from '@/lib/http/params';
import { clientIp } from '@/lib/http/client-ip';
import { createLead, limitLeads } from '@/lib/leads/commands';
import { LEAD_ERRORS, parseLead } from '@/lib/leads/schemas';

const MAX_BYTES = 16 * 1024;

/** The body as JSON; anything unreadable is "Invalid lead data provided" (docs/requirements/rider.md#contact-and-leads). */
async function readLeadBody(req: Request): Promise<unknown> {
  const text = (await readBody(req, MAX_BYTES)).toString('utf8');
  let body: unknown;
  try {
    body = text.trim() ? JSON.parse(text) : {};
    refuseNul(body);
  } catch (error) {
    throw badRequest(LEAD_ERRORS.invalid, error instanceof DomainError ? error.field : undefined);
  }
  return body;
}

/** The lead call (docs/requirements/rider.md#contact-and-leads): name, e-mail and phone, or 400 with the required texts; nothing is stored on refusal. */
export const POST = endpoint({ maxBytes: MAX_BYTES }, async ({ req, db, tenant }) => {
  const parsed = parseLead(await readLeadBody(req));
  if (!parsed.ok) throw badRequest(parsed.message, parsed.field);
  await limitLeads(db, tenant.id, clientIp(req.headers));
  const lead = await createLead(db, tenant.id, parsed.lead);
  return { success: true, data: { id: lead.id } };
});
