import { randomUUID } from 'node:crypto';
import type { Client } from 'pg';
import { logger } from '@/lib/log';
import { metrics } from '@/lib/metrics';

/**
 * Notices between the instances of one deployment (several processes on one
 * PostgreSQL): a topic's handler runs in the process that announces it and,
 * through PostgreSQL's LISTEN/NOTIFY, in every other instance. Without a
 * PostgreSQL connection (PGlite is one process, and so are jest and scripts)
 * the handler runs in this process only: the same call, nothing to configure.
 *
 * Notices are for state each instance keeps for itself (cached documents,
 * Next's cache, rate cards, tenants). socket.io's rooms travel by its own
 * PostgreSQL adapter (lib/realtime/server.ts); side effects of a ride
 * transition (push, WhatsApp, SMS) are never announced: the instance that made
 * the transition sends them once (lib/rides/notify.ts).
 */

/** The one NOTIFY channel of the deployment; a notice is JSON {t: topic, from: instance, p: payload}. */
export const CLUSTER_CHANNEL = 'travelsx_cluster';
/** PostgreSQL refuses NOTIFY payloads from 8000 bytes; a topic's `tooLarge` replaces a bigger one. */
export const NOTICE_MAX_BYTES = 7_900;

type Handler = (payload: never) => void | Promise<void>;

type Transport = {
  publish: (text: string) => Promise<void>;
  listening: () => boolean;
  close: () => Promise<void>;
};

type BusState = {
  instanceId: string;
  /** A set per topic: the server's bundle and Next's bundle each hold a copy of a module and of its state. */
  handlers: Map<string, Set<Handler>>;
  /** Run after the listening connection came back: notices sent meanwhile were missed. */
  resyncs: Set<() => void>;
  transport?: Transport;
  received: number;
};

const holder = globalThis as typeof globalThis & { __travelsxClusterBus?: BusState };
// One registry per process, shared by the server bundle and Next's bundle of the same modules.
const state: BusState = (holder.__travelsxClusterBus ??= { instanceId: randomUUID(), handlers: new Map(), resyncs: new Set(), received: 0 });

/** Runs every copy of the topic's handler (synchronous parts at once); resolves when all have finished, never rejects. */
function run(topic: string, payload: unknown): Promise<void> {
  const pending: Promise<unknown>[] = [];
  for (const handler of state.handlers.get(topic) ?? []) {
    try {
      const done = (handler as (p: unknown) => unknown)(payload);
      if (done instanceof Promise) pending.push(done.catch((error: unknown) => logger.error({ err: error, topic }, 'cluster notice handler failed')));
    } catch (error) {
      logger.error({ err: error, topic }, 'cluster notice handler failed');
    }
  }
  return Promise.all(pending).then(() => undefined);
}

/**
 * Declares a topic: the returned function runs `handler(payload)` here at once
 * and announces it to every other instance, which runs its own copy of the
 * handler; its promise (never rejected) resolves when this instance's handler
 * has finished (the others' run on their own time). `resync` runs after a lost listening connection came back (notices
 * may have been missed: drop everything the topic guards). `tooLarge` maps a
 * payload too big for one notice to a coarser one.
 */
export function clusterTopic<T>(
  topic: string,
  handler: (payload: T) => void | Promise<void>,
  options: { resync?: () => void; tooLarge?: (payload: T) => T } = {},
): (payload: T) => Promise<void> {
  let handlers = state.handlers.get(topic);
  if (!handlers) state.handlers.set(topic, (handlers = new Set()));
  handlers.add(handler as Handler);
  if (options.resync) state.resyncs.add(options.resync);
  return (payload: T) => {
    const here = run(topic, payload);
    const transport = state.transport;
    if (!transport) return here;
    let text = JSON.stringify({ t: topic, from: state.instanceId, p: payload });
    if (Buffer.byteLength(text) > NOTICE_MAX_BYTES) {
      if (!options.tooLarge) throw new Error(`cluster notice "${topic}" is too large (${Buffer.byteLength(text)} bytes)`);
      text = JSON.stringify({ t: topic, from: state.instanceId, p: options.tooLarge(payload) });
    }
    transport.publish(text).catch((error: unknown) => logger.error({ err: error, topic }, 'cluster notice not sent'));
    return here;
  };
}

/** Runs a notice received from the channel (another instance's, or this one's own echo, which is skipped). */
export function receiveNotice(text: string): void {
  let notice: { t?: unknown; from?: unknown; p?: unknown };
  try {
    notice = JSON.parse(text) as typeof notice;
  } catch {
    logger.warn('cluster notice is not JSON');
    return;
  }
  if (typeof notice.t !== 'string' || notice.from === state.instanceId) return;
  state.received += 1;
  metrics().clusterNotices.inc();
  void run(notice.t, notice.p);
}

function resyncAll(): void {
  for (const resync of state.resyncs) {
    try {
      resync();
    } catch (error) {
      logger.error({ err: error }, 'cluster resync failed');
    }
  }
}

const RECONNECT_MS = [250, 1000, 2000, 5000];

/**
 * Connects this instance to the deployment's notices through PostgreSQL: one
 * connection of its own LISTENs (reconnecting with a back-off, then running
 * each topic's resync), notices go out with pg_notify on `publishPool`.
 * Resolves once listening.
 */
export async function startClusterBus(databaseUrl: string, publishPool: { query: (text: string, values: unknown[]) => Promise<unknown> }): Promise<void> {
  if (state.transport) return;
  const { Client: PgClient } = await import('pg');
  let client: Client | undefined;
  let closed = false;
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const connect = async (isReconnect: boolean): Promise<void> => {
    const next = new PgClient({ connectionString: databaseUrl, application_name: 'travelsx-cluster-listen' });
    const lost = () => {
      if (client !== next || closed) return;
      client = undefined;
      next.removeAllListeners();
      next.end().catch(() => undefined);
      schedule();
    };
    next.on('error', (error) => {
      logger.warn({ err: error }, 'cluster listening connection failed');
      lost();
    });
    next.on('end', lost);
    next.on('notification', (message) => {
      if (message.channel === CLUSTER_CHANNEL && message.payload) receiveNotice(message.payload);
    });
    await next.connect();
    await next.query(`LISTEN ${CLUSTER_CHANNEL}`);
    if (closed) {
      await next.end();
      return;
    }
    client = next;
    attempt = 0;
    if (isReconnect) {
      logger.info('cluster listening connection is back: cached state dropped');
      resyncAll();
    }
  };
  const schedule = () => {
    if (closed || timer) return;
    const delay = RECONNECT_MS[Math.min(attempt, RECONNECT_MS.length - 1)];
    attempt += 1;
    timer = setTimeout(() => {
      timer = undefined;
      connect(true).catch((error: unknown) => {
        logger.warn({ err: error }, 'cluster listening connection not restored');
        schedule();
      });
    }, delay);
    timer.unref();
  };

  await connect(false);
  state.transport = {
    publish: async (text) => {
      await publishPool.query('SELECT pg_notify($1, $2)', [CLUSTER_CHANNEL, text]);
    },
    listening: () => client !== undefined,
    close: async () => {
      closed = true;
      if (timer) clearTimeout(timer);
      const current = client;
      client = undefined;
      state.transport = undefined;
      if (current) {
        current.removeAllListeners();
        current.on('error', () => undefined);
        await current.end().catch(() => undefined);
      }
    },
  };
}

/** Stops listening (shutdown); notices then run in this process only. */
export async function stopClusterBus(): Promise<void> {
  await state.transport?.close();
}

/** 'local' (one process), or whether the PostgreSQL listening connection is up. */
export function clusterBusState(): 'local' | 'listening' | 'reconnecting' {
  if (!state.transport) return 'local';
  return state.transport.listening() ? 'listening' : 'reconnecting';
}

export function clusterInstanceId(): string {
  return state.instanceId;
}
