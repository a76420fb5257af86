import { z } from 'zod';
import { endpoint } from '@/lib/api/endpoint';
import { CLIENT_EVENTS, recordEvent } from '@/lib/tracking/events';

const eventSchema = z.object({
  name: z.enum(CLIENT_EVENTS),
  data: z.record(z.string().max(60), z.union([z.string().max(500), z.number(), z.boolean(), z.null()])).optional(),
});

export const POST = endpoint({ auth: 'optional', body: eventSchema, maxBytes: 8 * 1024 }, async ({ db, tenant, session, body }) => {
  await recordEvent(db, { businessId: tenant.id, userId: session?.userId, name: body.name, data: body.data });
  return { success: true };
});
