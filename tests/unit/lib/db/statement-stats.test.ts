import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
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
    const rows = snapshot();
    const byText = Object.fromEntries(rows.map((row) => [row.statement, row]));
    expect(byText['select $1::int + 1 as n'].calls).toBe(3);
    expect(byText['select pg_sleep(0.25)'].calls).toBe(1);
    expect(byText['select pg_sleep(0.25)'].ms).toBeGreaterThanOrEqual(200);
    expect(byText['create table t (id int)'].calls).toBe(1);
    // the costliest first (PGlite's own first-use statements are counted too and may cost as much on a busy machine)
    expect(rows.map((row) => row.ms)).toEqual(rows.map((row) => row.ms).sort((a, b) => b - a));
    const ours = rows.filter(
      (row) => row.statement in byText && ['select $1::int + 1 as n', 'select pg_sleep(0.25)', 'create table t (id int)'].includes(row.statement),
    );
    expect(ours[0].statement).toBe('select pg_sleep(0.25)');
    await new Promise((resolve) => setTimeout(resolve, 2300));
    const written = JSON.parse(fs.readFileSync(file, 'utf8')) as { statement: string; calls: number }[];
    expect(written.find((row) => row.statement === 'select $1::int + 1 as n')?.calls).toBe(3);
  } finally {
    await db.close();
  }
});

it('reads the statement a protocol message starts, and none from the messages that continue it', () => {
  const parse = Buffer.concat([Buffer.from([0x50, 0, 0, 0, 0]), Buffer.from('named\0select  1\0'), Buffer.from([0, 0])]);
  expect(statementOf(parse)).toBe('select 1');
  const query = Buffer.concat([Buffer.from([0x51, 0, 0, 0, 0]), Buffer.from('begin\0')]);
  expect(statementOf(query)).toBe('begin');
  expect(statementOf(Buffer.from([0x42, 0, 0, 0, 4]))).toBeUndefined(); // Bind
});
