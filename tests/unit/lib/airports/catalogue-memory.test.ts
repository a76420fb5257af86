import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/*
 * Issue 33 (memory): the airport catalogue (4,548 airports) is read once from airport-data-js, whose data is one
 * packed string of 6.2 MB. A string cut from it (a time zone such as "Pacific/Tahiti") is a slice that keeps the
 * whole string alive, so the catalogue must hold copies: what stays on the heap is the catalogue (about 1.5 MiB),
 * not the package (7.1 MiB with the slices). The same holds when the catalogue is read from its saved file.
 */
it('keeps the airports, not the package data they were read from, made from the package or read from its file', () => {
  const script = path.join(__dirname, 'catalogue-retained.ts');
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'airports-')), 'airports.json');
  const run = () => {
    const out = execFileSync(process.execPath, ['--expose-gc', '--conditions=react-server', '--import', 'tsx', script, file], {
      encoding: 'utf8',
      env: { ...process.env, NODE_OPTIONS: '', LOG_LEVEL: 'silent' },
    });
    return JSON.parse(out.trim().split('\n').at(-1)!);
  };
  for (const saved of [false, true]) {
    const { airports, maa, retainedMiB, ...rest } = run();
    expect(rest.saved).toBe(saved);
    expect(airports).toBeGreaterThan(4000);
    expect(maa).toMatchObject({ code: 'MAA', timeZone: 'Asia/Kolkata' });
    expect(retainedMiB).toBeLessThan(4);
  }
  fs.rmSync(path.dirname(file), { recursive: true, force: true });
}, 60_000);
