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
const BIND = 0x42; // 'B': runs a parsed statement, named after the portal's name
const QUERY = 0x51; // 'Q': a simple query, its text after the length

function cString(bytes: Uint8Array, from: number): [string, number] {
  let end = from;
  while (end < bytes.length && bytes[end] !== 0) end++;
  return [Buffer.from(bytes.buffer, bytes.byteOffset + from, end - from).toString('utf8'), end + 1];
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * The statement a protocol message starts (`call`: a run of it begins here), or undefined for the messages that
 * continue one. A named statement is parsed once and then only bound (lib/db/pglite-statements.ts): its Parse
 * teaches `named` its text without counting a run, and each Bind of it is one run of that text.
 */
export function statementOf(message: Uint8Array, named: Map<string, string> = new Map()): { text: string; call: boolean } | undefined {
  if (message[0] === PARSE) {
    const [name, afterName] = cString(message, 5);
    const text = oneLine(cString(message, afterName)[0]);
    if (name) named.set(name, text);
    return { text, call: !name };
  }
  if (message[0] === BIND) {
    const [, afterPortal] = cString(message, 5);
    const text = named.get(cString(message, afterPortal)[0]);
    return text === undefined ? undefined : { text, call: true };
  }
  if (message[0] === QUERY) return { text: oneLine(cString(message, 5)[0]), call: true };
  return undefined;
}

export type StatementStat = { statement: string; calls: number; ms: number };

/** Counts from now on; returns what was counted so far (also written to `file` every two seconds). */
export function countStatements(client: object, file: string): () => StatementStat[] {
  const stats = new Map<string, Stat>();
  const protocol = client as Protocol;
  const run = protocol.execProtocolStream.bind(client);
  // PGlite runs one statement at a time (its query lock), so the messages after a Parse belong to that statement
  const named = new Map<string, string>();
  let current = '(before the first statement)';
  protocol.execProtocolStream = async (message, options) => {
    const start = statementOf(message, named);
    if (start) current = start.text;
    const stat = stats.get(current) ?? { calls: 0, ms: 0 };
    if (start?.call) stat.calls++;
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
