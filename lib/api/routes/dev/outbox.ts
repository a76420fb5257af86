import { z } from 'zod';
import { endpoint } from '@/lib/api/endpoint';
import { assertDevOutboxAccess } from '@/lib/messaging/dev-outbox-access';
import { listOutbox } from '@/lib/messaging/outbox';

/** Development only (DEV_OUTBOX=1, clients on this machine): the messages this host's business sent or holds, newest first. */
export const GET = endpoint({ query: z.object({ to: z.string().max(254).optional() }) }, async ({ db, tenant, query, req }) => {
  assertDevOutboxAccess(req.headers);
  const rows = await listOutbox(db, tenant.id, query.to);
  return {
    success: true,
    data: rows.map((r) => ({ id: r.id, channel: r.channel, to: r.recipient, subject: r.subject, body: r.body, status: r.status, createdAt: r.createdAt })),
  };
});
