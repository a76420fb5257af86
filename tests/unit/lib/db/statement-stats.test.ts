import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as pglite from '@electric-sql/pglite';
import { PGlite } from '@electric-sql/pglite';
import { namedStatements } from '@/lib/db/pglite-statements';
import { countStatements, statementOf } from '@/lib/db/statement-stats';

/*
 * PGLITE_STATEMENT_STATS: a bench can see which statements PGlite spent its time on. Each statement is counted once
 * however many protocol messages it takes, with the time of all of them.
 */

it('counts each statement once per run, with the time of its messages, and writes them to the file', async () => {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'stmt-stats-')), 'stats.json');
  const db = new PGlite();
  try {
    const snapshot = countStatements(db, file);
    for (let i = 0; i < 3; i++) await db.query('select $1::int  +\n 1 as n', [i]);
    await db.query('select pg_sleep(0.25)');
    await db.exec('create table t (id int)');
    // the server's statements are named, parsed once and then only bound (lib/db/pglite-statements.ts)
    const named = namedStatements(db, pglite);
    for (let i = 0; i < 4; i++) await named.query('select $1::int * 2 as n', [i], undefined, false);
    const rows = snapshot();
    const byText = Object.fromEntries(rows.map((row) => [row.statement, row]));
    expect(byText['select $1::int + 1 as n'].calls).toBe(3);
    expect(byText['select pg_sleep(0.25)'].calls).toBe(1);
    expect(byText['select pg_sleep(0.25)'].ms).toBeGreaterThanOrEqual(200);
    expect(byText['create table t (id int)'].calls).toBe(1);
    expect(byText['select $1::int * 2 as n'].calls).toBe(4);
    // the costliest first (PGlite's own first-use statements are counted too and may cost as much on a busy machine)
    expect(rows.map((row) => row.ms)).toEqual(rows.map((row) => row.ms).sort((a, b) => b - a));
    const ours = rows.filter((row) => ['select $1::int + 1 as n', 'select pg_sleep(0.25)', 'create table t (id int)'].includes(row.statement));
    expect(ours[0].statement).toBe('select pg_sleep(0.25)');
    await new Promise((resolve) => setTimeout(resolve, 2300));
    const written = JSON.parse(fs.readFileSync(file, 'utf8')) as { statement: string; calls: number }[];
    expect(written.find((row) => row.statement === 'select $1::int + 1 as n')?.calls).toBe(3);
  } finally {
    await db.close();
  }
});

it('reads the statement a protocol message starts, and none from the messages that continue it', () => {
  const named = new Map<string, string>();
  const parse = (name: string, text: string) => Buffer.concat([Buffer.from([0x50, 0, 0, 0, 0]), Buffer.from(`${name}\0${text}\0`), Buffer.from([0, 0])]);
  const bind = (statement: string) => Buffer.concat([Buffer.from([0x42, 0, 0, 0, 0]), Buffer.from(`\0${statement}\0`), Buffer.from([0, 0])]);
  expect(statementOf(parse('', 'select  1'), named)).toEqual({ text: 'select 1', call: true });
  const query = Buffer.concat([Buffer.from([0x51, 0, 0, 0, 0]), Buffer.from('begin\0')]);
  expect(statementOf(query, named)).toEqual({ text: 'begin', call: true });
  expect(statementOf(bind(''), named)).toBeUndefined(); // the unnamed statement's Bind continues its Parse
  // a named statement: its Parse starts no run, each Bind of it does
  expect(statementOf(parse('s1', 'select\n 2'), named)).toEqual({ text: 'select 2', call: false });
  expect(statementOf(bind('s1'), named)).toEqual({ text: 'select 2', call: true });
  expect(statementOf(bind('s1'), named)).toEqual({ text: 'select 2', call: true });
  expect(statementOf(Buffer.from([0x44, 0, 0, 0, 4]), named)).toBeUndefined(); // Describe
});
