/*
 * Run by catalogue-memory.test.ts in a plain Node process (jest's module registry keeps every module it loads,
 * which would hide what the catalogue itself retains): prints the heap the catalogue leaves after collections,
 * made from the package when the saved file (argv[2]) is missing, else read from it.
 */
import fs from 'node:fs';
import { loadAirportData } from '@/lib/airports/catalogue';

const gc = (globalThis as unknown as { gc: () => void }).gc;
/**
 * The heap once collections stop freeing anything: after a turn of the event loop (what the load's promises
 * still hold is let go), collected until two in a row agree within 64 kB (at most 10). Two collections at once
 * read 12 MiB in one CI run of many: the package's code was still held then, not by the catalogue.
 */
const heap = async () => {
  await new Promise((resolve) => setTimeout(resolve, 20));
  let last = Infinity;
  for (let i = 0; i < 10; i++) {
    gc();
    const used = process.memoryUsage().heapUsed;
    if (Math.abs(last - used) < 64 * 1024) return used;
    last = used;
  }
  return last;
};

void (async () => {
  const file = process.argv[2]!;
  const saved = fs.existsSync(file);
  const before = await heap();
  const { byCode: catalogue } = await loadAirportData(file);
  const after = await heap();
  console.log(JSON.stringify({ saved, airports: catalogue.size, maa: catalogue.get('MAA'), retainedMiB: (after - before) / 2 ** 20 }));
})();
