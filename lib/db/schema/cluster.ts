import { bigserial, customType, index, pgTable, timestamp } from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * socket.io's PostgreSQL adapter (lib/realtime/server.ts): an event too large
 * for one NOTIFY (8000 bytes) is stored here and the notice names its id; the
 * adapter deletes rows older than 30 s. Columns as the adapter expects them.
 */
export const socketIoAttachments = pgTable(
  'socket_io_attachments',
  {
    id: bigserial('id', { mode: 'number' }).unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow(),
    payload: bytea('payload'),
  },
  (t) => [index('socket_io_attachments_created_at_idx').on(t.createdAt)],
);
