import { Adapter, MessageType, type BroadcastOptions, type ClusterAdapter, type ClusterMessage } from 'socket.io-adapter';

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
 * written to this instance's sockets at once and sent to the others alongside.
 *
 * And it is sent only while there are others: an instance that has heard no
 * other for `aloneAfterMs` (longer than the database watchdog lets a stalled
 * instance live, lib/db/watchdog.ts) sends none, which spares a single
 * instance a statement per emit (about 250 a second in that bench). Every
 * instance announces itself when its adapter starts and every 5 s after
 * (socket.io's heartbeat), so the others hear it before its sockets join a
 * room, as they hear its LISTEN start (docs/architecture/events.md#socketio).
 */

type AdapterFactory = (nsp: unknown) => ClusterAdapter;

/** Longer than DB_WATCHDOG_MS's default (30 s), after which a stalled instance has ended itself. */
const ALONE_AFTER_MS = 60_000;

/** The adapter `make` builds, delivering each broadcast locally first and publishing it, without waiting, while others listen. */
export function localFirst(make: AdapterFactory, { aloneAfterMs = ALONE_AFTER_MS } = {}): AdapterFactory {
  return function (nsp: unknown) {
    // socket.io calls the factory with `new`, which returns the adapter it builds
    const adapter = make(nsp);
    // the two members used here are protected in ClusterAdapter's types (public in the PostgreSQL adapter's base)
    const cluster = adapter as unknown as { onMessage: (message: ClusterMessage, offset?: string) => void; publish: (message: unknown) => void };
    // when another instance was last heard from; the start counts, so a new instance sends until it has heard who is there
    let othersHeardAt = Date.now();
    const onMessage = cluster.onMessage.bind(adapter);
    cluster.onMessage = (message, offset) => {
      // the PostgreSQL adapter passes on other instances' messages only
      othersHeardAt = Date.now();
      onMessage(message, offset);
    };
    adapter.broadcast = async (packet: unknown, opts: BroadcastOptions): Promise<void> => {
      if (!opts.flags?.local && Date.now() - othersHeardAt < aloneAfterMs) {
        // the same message ClusterAdapter.broadcast publishes; publish() logs a failure and never throws
        cluster.publish({
          type: MessageType.BROADCAST,
          data: { packet, opts: { rooms: [...opts.rooms], except: [...(opts.except ?? [])], flags: opts.flags } },
        });
      }
      Adapter.prototype.broadcast.call(adapter, packet, opts);
    };
    return adapter;
  };
}
