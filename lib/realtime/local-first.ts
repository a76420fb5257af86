import { Adapter, MessageType, type BroadcastOptions, type ClusterAdapter } from 'socket.io-adapter';

/*
 * socket.io's cluster adapters (here the PostgreSQL one) send a room emit to
 * the other instances and wait for that send to finish before writing it to
 * this instance's own sockets. The send is a NOTIFY on one of a few
 * connections, so under load every local delivery queued behind every other
 * emit's NOTIFY: in bench/dispatch.mjs (one instance, 20 bookings and 100
 * driver positions a second) offers reached the drivers 13 s after their
 * round had committed, and ran out unseen. The wait only exists to tag the
 * packet with an offset for connection-state recovery, which the PostgreSQL
 * adapter does not support (its offset is always empty). Here a room emit is
 * written to this instance's sockets at once and sent to the others alongside
 * (docs/architecture/events.md#socketio).
 */

type AdapterFactory = (nsp: unknown) => ClusterAdapter;

/** The adapter `make` builds, delivering each broadcast locally first and publishing it without waiting. */
export function localFirst(make: AdapterFactory): AdapterFactory {
  return function (nsp: unknown) {
    // socket.io calls the factory with `new`, which returns the adapter it builds
    const adapter = make(nsp);
    adapter.broadcast = async (packet: unknown, opts: BroadcastOptions): Promise<void> => {
      if (!opts.flags?.local) {
        // the same message ClusterAdapter.broadcast publishes; publish() logs a failure and never throws
        (adapter as unknown as { publish: (message: unknown) => void }).publish({
          type: MessageType.BROADCAST,
          data: { packet, opts: { rooms: [...opts.rooms], except: [...(opts.except ?? [])], flags: opts.flags } },
        });
      }
      Adapter.prototype.broadcast.call(adapter, packet, opts);
    };
    return adapter;
  };
}
