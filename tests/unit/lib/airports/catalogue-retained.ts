/*
 * Run by catalogue-memory.test.ts in a plain Node process (jest's module registry keeps every module it loads,
 * which would hide what the catalogue itself retains): prints the heap the catalogue leaves after collections.
 */
import { airportCatalogue } from '@/lib/airports/catalogue';

const gc = (globalThis as unknown as { gc: () => void }).gc;
const heap = () => {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
};

void (async () => {
  const before = heap();
  const catalogue = await airportCatalogue();
  const after = heap();
  console.log(JSON.stringify({ airports: catalogue.size, maa: catalogue.get('MAA'), retainedMiB: (after - before) / 2 ** 20 }));
})();
