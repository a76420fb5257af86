import { createHash } from 'node:crypto';

/**
 * Names for the statements the app sends node-postgres most, so PostgreSQL parses and plans each once per connection
 * (docs/architecture/data-model.md#prepared-statements). node-postgres sends a query without a `name` as the unnamed
 * statement, parsed and planned on every call, on the core PostgreSQL shares with the server in a small deployment.
 *
 * A statement text is named once it has been sent `after` times (a one-off query stays unnamed), and at most `max`
 * texts are ever named: node-postgres keeps a named statement on each connection for the connection's life, so
 * this bounds what every connection holds. The name is a hash of the text (node-postgres refuses one name for two
 * texts). Only statements that read or write rows and name their columns; a caller's own name is kept.
 */
/** A statement that reads or writes rows (also what lib/db/pglite-statements.ts keeps). */
export const ROW_STATEMENT = /^\s*(?:select|insert|update|delete|with)\b/i;
/**
 * `select *`, `t.*` and `returning *` take their columns from the table when planned: after a migration adds a column
 * (a rolling deploy: the new instance migrates while the old one runs), PostgreSQL refuses a kept plan whose columns
 * changed ("cached plan must not change result type") on every later call. Those stay unnamed.
 */
const WHOLE_ROW = /(?:select|returning|,)\s*\*|\.\*/i;
/** Counting stops (and starts again) past this many distinct texts, so a flood of one-off texts costs no memory. */
const MAX_COUNTED = 5_000;

type QueryConfig = { text?: unknown; name?: unknown };

export function statementNamer({ after = 3, max = 200 }: { after?: number; max?: number } = {}) {
  const counts = new Map<string, number>();
  const names = new Map<string, string>();
  const nameOf = (text: string): string | undefined => {
    const known = names.get(text);
    if (known !== undefined || names.size >= max) return known;
    const count = (counts.get(text) ?? 0) + 1;
    if (count < after) {
      if (counts.size >= MAX_COUNTED) counts.clear();
      counts.set(text, count);
      return undefined;
    }
    counts.delete(text);
    const name = `travelsx_${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`;
    names.set(text, name);
    return name;
  };
  return {
    /** The arguments of a node-postgres `query` call, with a name on the config when its text has earned one. */
    name(args: unknown[]): unknown[] {
      const [first, ...rest] = args;
      if (typeof first !== 'object' || first === null) return args;
      const config = first as QueryConfig;
      if (config.name !== undefined || typeof config.text !== 'string' || !ROW_STATEMENT.test(config.text) || WHOLE_ROW.test(config.text)) return args;
      const name = nameOf(config.text);
      return name === undefined ? args : [{ ...config, name }, ...rest];
    },
    /** How many texts are named (for tests). */
    named: () => names.size,
  };
}
