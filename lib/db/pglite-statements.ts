/**
 * PGlite's queries as named prepared statements, each parsed and planned once (docs/architecture/data-model.md#prepared-statements).
 *
 * PGlite's own `query` sends every statement as PostgreSQL's unnamed statement: parsed, analysed and planned again on
 * each call. For this app's small statements that is most of the database's work (a ride's message context: 0.3-0.5 ms
 * planning against 0.08-0.3 ms executing). Here a statement's text is parsed once into a named statement, its
 * parameter types read once, and each call only binds, executes and syncs, as PGlite's `query` does after its parse;
 * PostgreSQL keeps the plan (a generic one once it is as cheap as the custom ones, its `plan_cache_mode=auto`).
 *
 * - Only statements that read or write rows (select, insert, update, delete, with); the migrations' DDL, a COPY with a
 *   blob or a call with its own parameter types go through PGlite's `query` as before.
 * - At most `max` statements are kept per database; the least recently used is closed when one more is needed.
 * - Whole-row statements (`select *`, `returning *`) are kept too, unlike on node-postgres: PGlite belongs to one
 *   process, which migrates before its first query, so no migration changes a kept plan's columns under it.
 * - A statement that fails to parse is not kept; one kept survives a rolled-back transaction (PostgreSQL's named
 *   statements belong to the session, not the transaction).
 */
import type { PGlite, QueryOptions, Results } from '@electric-sql/pglite';
import { ROW_STATEMENT } from './pg-statements';

type Module = typeof import('@electric-sql/pglite');
type Message = { name: string };
type Internals = {
  _checkReady(): Promise<void>;
  _runExclusiveTransaction<T>(run: () => Promise<T>): Promise<T>;
  _runExclusiveQuery<T>(run: () => Promise<T>): Promise<T>;
  execProtocolStream(message: Uint8Array, options?: { syncToFs?: boolean }): Promise<Message[]>;
  syncToFs(): Promise<void>;
  parsers: Record<number, (value: string, typeId: number) => unknown>;
  serializers: Record<number, (value: unknown) => string>;
};

/** Statement names count in the process: each PGlite session's names are unique whoever made them. */
let made = 0;

export type NamedStatements = {
  /** Whether `query` takes this statement (one that reads or writes rows, without a blob or its own parameter types). */
  takes(text: string, options: QueryOptions | undefined): boolean;
  /** PGlite's `query(text, params, options)` through a named statement; `inTransaction` when called by a transaction's own query. */
  query(text: string, params: unknown[] | undefined, options: QueryOptions | undefined, inTransaction: boolean): Promise<Results>;
  /** How many statements are kept (for tests). */
  size(): number;
};

export function namedStatements(pg: PGlite, mod: Pick<Module, 'protocol' | 'parse'>, { max = 256 }: { max?: number } = {}): NamedStatements {
  const db = pg as unknown as Internals;
  const { serialize } = mod.protocol;
  /** By text, least recently used first (a Map keeps insertion order; a use moves the entry to the end). */
  const kept = new Map<string, { name: string; types: number[] }>();
  const closing: string[] = [];
  const send = (message: Uint8Array) => db.execProtocolStream(message, { syncToFs: false });

  async function statementOf(text: string): Promise<{ name: string; types: number[] }> {
    const found = kept.get(text);
    if (found) {
      kept.delete(text);
      kept.set(text, found);
      return found;
    }
    const name = `travelsx_${++made}`;
    await send(serialize.parse({ name, text }));
    const types = mod.parse.parseDescribeStatementResults((await send(serialize.describe({ type: 'S', name }))) as never);
    const statement = { name, types };
    kept.set(text, statement);
    if (kept.size > max) {
      const [oldest, { name: old }] = kept.entries().next().value!;
      kept.delete(oldest);
      closing.push(old);
    }
    return statement;
  }

  async function run(text: string, params: unknown[], options: QueryOptions | undefined, inTransaction: boolean): Promise<Results> {
    const messages: Message[] = [];
    try {
      for (const name of closing.splice(0)) await send(serialize.close({ type: 'S', name }));
      const { name, types } = await statementOf(text);
      const values = params.map((value, i) => {
        if (value === null || value === undefined) return null;
        const serializer = options?.serializers?.[types[i]] ?? db.serializers[types[i]];
        return serializer ? serializer(value) : String(value);
      });
      messages.push(
        ...(await send(serialize.bind({ statement: name, values }))),
        ...(await send(serialize.describe({ type: 'P' }))),
        ...(await send(serialize.execute({}))),
      );
    } catch (error) {
      // as PGlite's query: the error names the statement and its parameters
      if (error instanceof Error && 'code' in error) Object.assign(error, { query: text, params, queryOptions: options });
      throw error;
    } finally {
      messages.push(...(await send(serialize.sync())));
    }
    if (!inTransaction) await db.syncToFs();
    return mod.parse.parseResults(messages as never, db.parsers as never, options)[0] as Results;
  }

  return {
    takes: (text, options) => ROW_STATEMENT.test(text) && !options?.blob && !options?.paramTypes,
    async query(text, params, options, inTransaction) {
      if (inTransaction) return db._runExclusiveQuery(() => run(text, params ?? [], options, true));
      await db._checkReady();
      return db._runExclusiveTransaction(() => db._runExclusiveQuery(() => run(text, params ?? [], options, false)));
    },
    size: () => kept.size,
  };
}
