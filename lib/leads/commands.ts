import 'server-only';
import type { Db } from '@/lib/db/client';
import { leads, type Lead } from '@/lib/db/schema';
import { enforceLimits } from '@/lib/limits/requests';
import type { ContactFormInput, LeadInput } from './schemas';

/** Leads one address may send to a business (contact form, lead call and campaign signups together): LIMITS.leadsPerIp*. */
export async function limitLeads(db: Db, businessId: number, ip: string): Promise<void> {
  await enforceLimits(
    db,
    businessId,
    [
      ['leadsPerIp', ip],
      ['leadsPerIpPerHour', ip],
    ],
    'Too many enquiries from this address. Try again later.',
  );
}

/** The lead call (docs/requirements/rider.md#contact-and-leads): a name, e-mail and phone; campaign pages add their campaign. */
export async function createLead(db: Db, businessId: number, input: LeadInput): Promise<Lead> {
  const [lead] = await db
    .insert(leads)
    .values({
      businessId,
      source: input.source,
      name: input.name,
      email: input.email,
      phone: input.phone,
      company: input.company || null,
      message: input.message || null,
      campaign: input.campaign ?? null,
    })
    .returning();
  return lead;
}

/** A contact-us enquiry (docs/requirements/rider.md#contact-and-leads), stored as a lead of source `contact` for the operator. */
export async function createContactLead(db: Db, businessId: number, input: ContactFormInput): Promise<Lead> {
  const [lead] = await db
    .insert(leads)
    .values({
      businessId,
      source: 'contact',
      name: `${input.firstName} ${input.lastName}`.trim(),
      email: input.email,
      company: input.company || null,
      lookingFor: input.looking_for_name,
      message: input.enquery,
    })
    .returning();
  return lead;
}
