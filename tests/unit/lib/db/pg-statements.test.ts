import { sql } from 'drizzle-orm';
import { closeDatabase, openDatabase } from '@/lib/db/client';
import { statementNamer } from '@/lib/db/pg-statements';

/*
 * node-postgres' frequent statements named, so PostgreSQL parses and plans each once per connection
 * (lib/db/pg-statements.ts): a text earns its name after a few sends, at most `max` texts are ever named, one-off
 * and DDL texts never are, a caller's own name is kept.
 */

const url = process.env.TEST_DATABASE_URL;
const onPostgres = url ? it : it.skip;

it('names a row statement from its third send, the same name every time, and leaves other calls alone', () => {
  const namer = statementNamer({ after: 3, max: 2 });
  const config = { text: 'select id, number from rides where id = $1', rowMode: 'array' };
  expect(namer.name([config, [1]])).toEqual([config, [1]]);
  expect(namer.name([config, [2]])).toEqual([config, [2]]);
  const [third] = namer.name([config, [3]]) as [{ name: string; text: string; rowMode: string }];
  expect(third).toMatchObject({ text: config.text, rowMode: 'array', name: expect.stringMatching(/^travelsx_[\w-]{20}$/) });
  expect((namer.name([config, [4]])[0] as { name: string }).name).toBe(third.name);
  expect(config).not.toHaveProperty('name'); // the caller's object is not changed
  // DDL, plain strings and a caller's own name are left alone
  const ddl = { text: 'create table t (id int)' };
  for (let i = 0; i < 5; i++) expect(namer.name([ddl])).toEqual([ddl]);
  expect(namer.name(['select 1', []])).toEqual(['select 1', []]);
  const own = { text: 'select 2', name: 'mine' };
  for (let i = 0; i < 5; i++) expect(namer.name([own])).toEqual([own]);
  // a whole row's columns are read from the table when planned: a column added by a migration would break a kept plan
  for (const text of ['select * from jobs where id = $1', 'update jobs set status = $1 returning *', 'select j.* from jobs j', 'select id, * from jobs'])
    for (let i = 0; i < 5; i++) expect(namer.name([{ text }])).toEqual([{ text }]);
  expect(namer.name([{ text: 'select count(*) from jobs where id = $1' }])).toEqual([{ text: 'select count(*) from jobs where id = $1' }]);
  expect(namer.named()).toBe(1);
  // at most `max` texts are named
  const other = { text: 'select 3 where $1::int > 0' };
  for (let i = 0; i < 3; i++) namer.name([other, [1]]);
  expect(namer.named()).toBe(2);
  const third3 = { text: 'select 4 where $1::int > 0' };
  for (let i = 0; i < 5; i++) expect(namer.name([third3, [1]])).toEqual([third3, [1]]);
  expect(namer.named()).toBe(2);
});

onPostgres('runs a frequent statement as one named statement on the connection, with the same answers', async () => {
  const { db } = await openDatabase({ databaseUrl: url, dataDir: 'memory://', poolSize: 1 });
  try {
    const answers: unknown[] = [];
    for (let i = 1; i <= 5; i++) answers.push(await db.execute(sql`select ${i}::int * 2 as doubled, 'named' as kind`));
    expect(answers.map((a) => (a as unknown as { rows: { doubled: number }[] }).rows[0].doubled)).toEqual([2, 4, 6, 8, 10]);
    const kept = (await db.execute(sql`select name, statement from pg_prepared_statements`)) as unknown as { rows: { name: string; statement: string }[] };
    expect(kept.rows.filter((row) => row.statement.includes("'named' as kind"))).toEqual([
      { name: expect.stringMatching(/^travelsx_/), statement: expect.any(String) },
    ]);
  } finally {
    await closeDatabase();
  }
});
