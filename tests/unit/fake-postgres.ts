import { EventEmitter } from 'node:events';
import net from 'node:net';

/**
 * Just enough of PostgreSQL's wire protocol for pg to connect, run LISTEN and
 * parameterised statements (each answered as done, with no rows), and be cut
 * off the way `pg_terminate_backend` does it: a FATAL 57P01 error, then the
 * socket closes. For tests of what the pools do when connections die, on a
 * machine with no PostgreSQL.
 */
export type FakePostgres = {
  port: number;
  /** Every simple query received, in order (LISTEN "socket.io#/", ...). */
  queries: string[];
  /** Open connections now. */
  connections: () => number;
  /** Terminates every open connection as `pg_terminate_backend` does. */
  terminateAll: () => void;
  /** From now on, a connection that sends a simple query matching `pattern` is terminated instead of answered. */
  terminateOn: (pattern: RegExp | undefined) => void;
  close: () => Promise<void>;
};

function message(type: string, body: Buffer = Buffer.alloc(0)): Buffer {
  const header = Buffer.alloc(5);
  header.write(type, 0, 'latin1');
  header.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([header, body]);
}

const cstring = (text: string) => Buffer.from(`${text}\0`, 'utf8');
const READY = message('Z', Buffer.from('I'));
const TERMINATED = message(
  'E',
  Buffer.concat([
    Buffer.from('S'),
    cstring('FATAL'),
    Buffer.from('C'),
    cstring('57P01'),
    Buffer.from('M'),
    cstring('terminating connection due to administrator command'),
    Buffer.from([0]),
  ]),
);

export async function startFakePostgres(): Promise<FakePostgres> {
  const sockets = new Set<net.Socket>();
  const queries: string[] = [];
  let terminating: RegExp | undefined;
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    let buffered = Buffer.alloc(0);
    let started = false;
    socket.on('data', (chunk) => {
      buffered = Buffer.concat([buffered, chunk]);
      for (;;) {
        if (!started) {
          if (buffered.length < 8) return;
          const length = buffered.readInt32BE(0);
          if (buffered.length < length) return;
          const code = buffered.readInt32BE(4);
          buffered = buffered.subarray(length);
          if (code === 80877103) {
            socket.write('N'); // no SSL
            continue;
          }
          started = true;
          socket.write(Buffer.concat([message('R', Buffer.from([0, 0, 0, 0])), READY]));
          continue;
        }
        if (buffered.length < 5) return;
        const type = String.fromCharCode(buffered[0]);
        const length = buffered.readInt32BE(1);
        if (buffered.length < length + 1) return;
        const body = buffered.subarray(5, length + 1);
        buffered = buffered.subarray(length + 1);
        if (type === 'Q') {
          const text = body.toString('utf8').replace(/\0$/, '');
          queries.push(text);
          if (terminating?.test(text)) {
            socket.end(TERMINATED);
            return;
          }
          socket.write(Buffer.concat([message('C', cstring(text.split(' ')[0].toUpperCase())), READY]));
        } else if (type === 'P') socket.write(message('1'));
        else if (type === 'B') socket.write(message('2'));
        else if (type === 'D') socket.write(message('n'));
        else if (type === 'E') socket.write(message('C', cstring('SELECT 0')));
        else if (type === 'S') socket.write(READY);
        else if (type === 'X') socket.end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    queries,
    connections: () => sockets.size,
    terminateAll: () => {
      for (const socket of sockets) socket.end(TERMINATED);
    },
    terminateOn: (pattern) => {
      terminating = pattern;
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * Records every `error` emitted with no listener (an uncaught exception in a server) instead of throwing it, until
 * the spy is restored (jest.restoreAllMocks), so a test can assert there was none.
 */
export function recordUnhandledErrors(): unknown[] {
  const unhandled: unknown[] = [];
  const emit = EventEmitter.prototype.emit;
  jest.spyOn(EventEmitter.prototype, 'emit').mockImplementation(function (this: EventEmitter, event: unknown, ...args: unknown[]) {
    if (event === 'error' && this.listenerCount('error') === 0) {
      unhandled.push(args[0]);
      return false;
    }
    return emit.call(this, event as string | symbol, ...args);
  });
  return unhandled;
}
