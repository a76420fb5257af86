import fs from 'node:fs';

/**
 * PGlite's answer to PostgreSQL's pg_stat_statements, for benches (PGLITE_STATEMENT_STATS): per statement text, how
 * many times it ran and the milliseconds spent in PGlite's protocol calls for it (parse, bind, execute and reading
 * the rows), written as JSON to `file` every two seconds, the costliest first. Off unless the variable is set: it
 * wraps every protocol call. `node bench/booking.mjs` with it named where a booking's time went
 * (docs/architecture/data-model.md#prepared-statements).
 */
type Stat = { calls: number; ms: number };
type Protocol = { execProtocolStream: (message: Uint8Array, options?: unknown) => Promise<unknown> };

const PARSE = 0x50; // 'P': an extended-protocol statement, its text after the statement's name
const QUERY = 0x51; // 'Q': a simple query, its text after the length

function cString(bytes: Uint8Array, from: number): [string, number] {
  let end = from;
  while (end < bytes.length && bytes[end] !== 0) end++;
  return [Buffer.from(bytes.buffer, bytes.byteOffset + from, end - from).toString('utf8'), end + 1];
}

/** The statement a protocol message starts, or undefined for the messages that continue one. */
export function statementOf(message: Uint8Array): string | undefined {
  if (message[0] === PARSE) {
    const [, afterName] = cString(message, 5);
    return cString(message, afterName)[0].replace(/\s+/g, ' ').trim();
  }
  if (message[0] === QUERY) return cString(message, 5)[0].replace(/\s+/g, ' ').trim();
  return undefined;
}

export type StatementStat = { statement: string; calls: number; ms: number };

/** Counts from now on; returns what was counted so far (also written to `file` every two seconds). */
export function countStatements(client: object, file: string): () => StatementStat[] {
  const stats = new Map<string, Stat>();
  const protocol = client as Protocol;
  const run = protocol.execProtocolStream.bind(client);
  // PGlite runs one statement at a time (its query lock), so the messages after a Parse belong to that statement
  let current = '(before the first statement)';
  protocol.execProtocolStream = async (message, options) => {
    const text = statementOf(message);
    const stat = stats.get(text ?? current) ?? { calls: 0, ms: 0 };
    if (text !== undefined) {
      current = text;
      stat.calls++;
    }
    stats.set(current, stat);
    const started = performance.now();
    try {
      return await run(message, options);
    } finally {
      stat.ms += performance.now() - started;
    }
  };
  const snapshot = () => [...stats].sort((a, b) => b[1].ms - a[1].ms).map(([statement, { calls, ms }]) => ({ statement, calls, ms: Math.round(ms * 10) / 10 }));
  setInterval(() => fs.writeFile(file, JSON.stringify(snapshot(), null, 1), () => undefined), 2000).unref();
  return snapshot;
}
