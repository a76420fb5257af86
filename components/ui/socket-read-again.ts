import type { Socket } from 'socket.io-client';
import { RESYNC_EVENT } from '@/lib/realtime/events';

/**
 * Runs `readAgain` whenever events may have been missed: the socket is back
 * after losing its server (an instance restarting hands its clients to
 * another), or its server says its link to the other instances is back after
 * a database restart (`resync`). Either way what a screen shows may be stale,
 * so it reads its lists again (docs/architecture/events.md#connections).
 */
export function onReadAgain(socket: Socket, readAgain: () => void): void {
  socket.io.on('reconnect', readAgain);
  socket.on(RESYNC_EVENT, readAgain);
}
