import * as pglite from '@electric-sql/pglite';
import { PGlite } from '@electric-sql/pglite';
import { namedStatements } from '@/lib/db/pglite-statements';

/*
 * PGlite's statements parsed and planned once (lib/db/pglite-statements.ts): the same answers as PGlite's own query,
 * each statement kept by PostgreSQL as a named one, at most `max` of them, none kept from a failed parse, and the
 * same behaviour inside transactions (rolled back writes, errors with their code).
 */

let pg: PGlite;
beforeAll(async () => {
  pg = new PGlite();
  await pg.exec(`create table items (id serial primary key, name text unique not null, at timestamptz, tags text[], data jsonb)`);
});
afterAll(() => pg.close());

const keptByPostgres = async () =>
  (await pg.query<{ name: string; statement: string }>(`select name, statement from pg_prepared_statements order by name`)).rows;

it('answers as PGlite does, parsing each statement once and keeping it as a named statement', async () => {
  const named = namedStatements(pg, pglite);
  const at = new Date('2026-12-04T10:00:00Z');
  const insert = 'insert into items (name, at, tags, data) values ($1, $2, $3, $4) returning id, name, at, tags, data';
  const first = await named.query(insert, ['a', at, ['x', 'y'], { fare: 1200 }], undefined, false);
  const second = await named.query(insert, ['b', null, null, null], undefined, false);
  expect(first.rows).toEqual([{ id: 1, name: 'a', at, tags: ['x', 'y'], data: { fare: 1200 } }]);
  expect(second.rows).toEqual([{ id: 2, name: 'b', at: null, tags: null, data: null }]);
  expect(first.affectedRows).toBe(1);
  const select = 'select id, name from items where id = any($1) order by id';
  const arrays = await named.query(select, [[1, 2]], { rowMode: 'array' }, false);
  expect(arrays.rows).toEqual([
    [1, 'a'],
    [2, 'b'],
  ]);
  expect(arrays.fields.map((f) => f.name)).toEqual(['id', 'name']);
  expect((await named.query(select, [[2]], undefined, false)).rows).toEqual([{ id: 2, name: 'b' }]);
  expect(named.size()).toBe(2);
  expect((await keptByPostgres()).map((s) => s.statement)).toEqual([insert, select]);
  // the same statement through PGlite's own query gives the same rows
  expect((await pg.query(select, [[1, 2]])).rows).toEqual((await named.query(select, [[1, 2]], undefined, false)).rows);
});

it('keeps at most `max` statements, closing the least recently used, and runs a closed one again', async () => {
  await pg.exec('deallocate all');
  const named = namedStatements(pg, pglite, { max: 2 });
  const texts = ['select 1 as n where $1::int > 0', 'select 2 as n where $1::int > 0', 'select 3 as n where $1::int > 0'];
  await named.query(texts[0], [1], undefined, false);
  await named.query(texts[1], [1], undefined, false);
  await named.query(texts[0], [1], undefined, false); // used again: the second is now the oldest
  expect((await named.query(texts[2], [1], undefined, false)).rows).toEqual([{ n: 3 }]);
  expect(named.size()).toBe(2);
  // parsed again (it was closed); that closes the oldest, texts[0], before the next statement
  expect((await named.query(texts[1], [1], undefined, false)).rows).toEqual([{ n: 2 }]);
  expect(named.size()).toBe(2);
  await named.query(texts[2], [1], undefined, false);
  expect((await keptByPostgres()).map((s) => s.statement).sort()).toEqual([texts[1], texts[2]].sort());
});

it('keeps nothing from a statement that does not parse, reports errors with their code, and goes on', async () => {
  const named = namedStatements(pg, pglite);
  await expect(named.query('select nonsense from nowhere where $1', [1], undefined, false)).rejects.toMatchObject({ code: '42P01' });
  expect(named.size()).toBe(0);
  await expect(named.query('insert into items (name) values ($1)', ['a'], undefined, false)).rejects.toMatchObject({
    code: '23505',
    constraint: 'items_name_key',
    query: 'insert into items (name) values ($1)',
  });
  expect((await named.query('select count(*)::int as n from items', [], undefined, false)).rows).toEqual([{ n: 2 }]);
});

it('runs inside a transaction: rolled back writes are gone, the statement stays kept', async () => {
  const named = namedStatements(pg, pglite);
  const insert = 'insert into items (name) values ($1) returning name';
  await expect(
    pg.transaction(async () => {
      expect((await named.query(insert, ['in-tx'], undefined, true)).rows).toEqual([{ name: 'in-tx' }]);
      expect((await named.query('select count(*)::int as n from items where name = $1', ['in-tx'], undefined, true)).rows).toEqual([{ n: 1 }]);
      throw new Error('undo');
    }),
  ).rejects.toThrow('undo');
  expect((await named.query('select count(*)::int as n from items where name = $1', ['in-tx'], undefined, false)).rows).toEqual([{ n: 0 }]);
  expect((await named.query(insert, ['after'], undefined, false)).rows).toEqual([{ name: 'after' }]);
});

it('takes only statements that read or write rows', () => {
  const named = namedStatements(pg, pglite);
  expect(named.takes('select 1', undefined)).toBe(true);
  expect(named.takes('  WITH x as (select 1) select * from x', undefined)).toBe(true);
  expect(named.takes('insert into items (name) values ($1)', undefined)).toBe(true);
  expect(named.takes('create table t (id int)', undefined)).toBe(false);
  expect(named.takes('alter table items add column x int', undefined)).toBe(false);
  expect(named.takes('begin', undefined)).toBe(false);
  expect(named.takes('select $1', { paramTypes: [25] })).toBe(false);
  expect(named.takes('selected_thing', undefined)).toBe(false);
});
