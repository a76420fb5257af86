import { z } from 'zod';
import { endpoint } from '@/lib/api/endpoint';
import { badRequest } from '@/lib/api/errors';
import { clientIp } from '@/lib/http/client-ip';
import { createContactLead, limitLeads } from '@/lib/leads/commands';
import { contactErrorText } from '@/lib/leads/errors';
import { contactFormSchema } from '@/lib/leads/schemas';

/** The contact-us form (docs/requirements/rider.md#contact-and-leads): stored as a lead of source contact for the operator. */
export const POST = endpoint({ body: z.unknown(), maxBytes: 16 * 1024 }, async ({ req, db, tenant, body }) => {
  const parsed = contactFormSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue.path.map(String).join('.') || undefined;
    const error = badRequest(field ? `${field}: ${contactErrorText(issue.message)}` : contactErrorText(issue.message), field);
    error.key = issue.message;
    throw error;
  }
  await limitLeads(db, tenant.id, clientIp(req.headers));
  const lead = await createContactLead(db, tenant.id, parsed.data);
  return { success: true, data: { id: lead.id } };
});
