import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadAirportData } from '@/lib/airports/catalogue';

/*
 * The airport catalogue is saved beside the place index (`npm run build`) and read from there at start, instead
 * of unpacking airport-data-js in every process (docs/architecture/memory.md). What is read must be what the
 * package gives; a damaged file, or one made from another version of the package, is made again.
 */
let dir: string;
let file: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'airport-file-'));
  file = path.join(dir, 'airports.json');
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const plain = (data: Awaited<ReturnType<typeof loadAirportData>>) => ({ airports: [...data.byCode.entries()], codes: [...data.passengerCodes].sort() });

it('reads from its file exactly what the package gives, and makes the file again when it is damaged or out of date', async () => {
  const made = await loadAirportData(file);
  expect(made.byCode.get('MAA')).toMatchObject({ code: 'MAA', icao: 'VOMM', country: 'IN', size: 'large', timeZone: 'Asia/Kolkata' });
  expect(made.passengerCodes.has('MAA')).toBe(true);
  expect(fs.existsSync(file)).toBe(true);
  const saved = fs.readFileSync(file, 'utf8');

  // read back: the same airports in the same order (the first of a code wins), the same codes
  const read = await loadAirportData(file);
  expect(plain(read)).toEqual(plain(made));
  expect(fs.readFileSync(file, 'utf8')).toBe(saved);

  const damaged = [
    saved.slice(0, saved.length / 2), // cut short
    saved.replace('"code":"MAA"', '"code":"maa"'), // an airport that is not one
    saved.replace(/"lat":[-0-9.]+/, '"lat":"north"'),
    JSON.stringify({ ...JSON.parse(saved), source: 'format 0; airport-data-js@0.0.1' }), // another version's
    JSON.stringify({ ...JSON.parse(saved), passengerCodes: 'MAA' }),
  ];
  for (const text of damaged) {
    fs.writeFileSync(file, text);
    expect(plain(await loadAirportData(file))).toEqual(plain(made));
    expect(fs.readFileSync(file, 'utf8')).toBe(saved);
  }
}, 60_000);
