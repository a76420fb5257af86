import { execFileSync } from 'node:child_process';
import path from 'node:path';

/*
 * Issue 33 (memory): the airport catalogue (4,548 airports) is read once from airport-data-js, whose data is one
 * packed string of 6.2 MB. A string cut from it (a time zone such as "Pacific/Tahiti") is a slice that keeps the
 * whole string alive, so the catalogue must hold copies: what stays on the heap is the catalogue (about 1.5 MiB),
 * not the package (7.1 MiB with the slices).
 */
it('keeps the airports, not the package data they were read from', () => {
  const script = path.join(__dirname, 'catalogue-retained.ts');
  const out = execFileSync(process.execPath, ['--expose-gc', '--conditions=react-server', '--import', 'tsx', script], {
    encoding: 'utf8',
    env: { ...process.env, NODE_OPTIONS: '' },
  });
  const { airports, maa, retainedMiB } = JSON.parse(out.trim().split('\n').at(-1)!);
  expect(airports).toBeGreaterThan(4000);
  expect(maa).toMatchObject({ code: 'MAA', timeZone: 'Asia/Kolkata' });
  expect(retainedMiB).toBeLessThan(4);
});
