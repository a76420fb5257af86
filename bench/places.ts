// Place search in-process over the whole offline place index (lib/places: GeoNames cities,
// every IATA airport, Indian post-office localities): start-up (reading the index file, built
// first when missing), the memory it adds, and p50/p99 of searchPlaceIndex on typed prefixes, whole names, codes, typos and native
// scripts for a Chennai operator, against a baseline linear scan of the same folded names.
// Usage: node --expose-gc node_modules/.bin/tsx bench/places.ts [queries=20000]
import { performance } from 'node:perf_hooks';
import { loadPlaceIndex } from '../lib/places/place-index';
import { nearestPlace } from '../lib/places/place-reverse';
import { searchPlaceIndex } from '../lib/places/place-search';
import { foldKey } from '../lib/places/text';
import { report } from './report.mjs';

const QUERIES = Number(process.argv[2] ?? 20_000);
const CHENNAI = {
  country: 'IN',
  near: [
    { lat: 13.0827, lng: 80.2707 },
    { lat: 12.9716, lng: 77.5946 },
  ],
};
const gc = (globalThis as { gc?: () => void }).gc;

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** Median time of a forced full collection (mark and compact everything alive): what the index adds to every major GC pause. */
const fullGcMs = () => {
  if (!gc) return NaN;
  const times: number[] = [];
  for (let i = 0; i < 7; i++) {
    const t0 = performance.now();
    gc();
    times.push(performance.now() - t0);
  }
  return times.sort((a, b) => a - b)[3];
};

const memory = () => {
  gc?.();
  const { rss, heapUsed, external } = process.memoryUsage();
  return { rss: rss / 2 ** 20, heap: heapUsed / 2 ** 20, external: external / 2 ** 20 };
};

async function main() {
  const before = memory();
  const gcBefore = fullGcMs();
  const loadStart = performance.now();
  const index = await loadPlaceIndex();
  const loadMs = performance.now() - loadStart;
  const after = memory();
  const gcAfter = fullGcMs();
  const size = index.size;
  const names = Array.from({ length: size }, (_, id) => foldKey(index.name(id)));
  // Typed prefixes (2 to 7 characters) and whole names of places of every kind, spread over the index,
  // plus codes, spellings, typos, airports near the operator and native scripts.
  const samples = [
    'MAA',
    'blr',
    'airport',
    'Chennai airport',
    'T Nagar',
    'velacheri',
    'chenai',
    'Koramangla',
    'சென்னை',
    'चेन्नई',
    'دبي',
    'ch',
    've',
    'lon',
    'Mahabalipuram',
    'kempegowda',
  ];
  for (let i = 0; samples.length < 600; i++) {
    const name = index.name((i * 7919) % size);
    samples.push(i % 4 === 0 ? name : name.slice(0, 2 + (i % 6)));
  }

  const run = (fn: (q: string) => unknown, n: number) => {
    const times: number[] = [];
    for (let i = 0; i < n; i++) {
      const q = samples[i % samples.length];
      const t0 = performance.now();
      fn(q);
      times.push(performance.now() - t0);
    }
    return times.sort((a, b) => a - b);
  };
  const linear = (q: string) => {
    const key = foldKey(q);
    const hits: number[] = [];
    for (let i = 0; i < names.length; i++) if (names[i].startsWith(key)) hits.push(i);
    return hits.sort((a, b) => index.importance[b] - index.importance[a]).slice(0, 8);
  };

  run((q) => searchPlaceIndex(index, q, CHENNAI), samples.length * 2); // warm-up: every sample once (fills the wide-prefix cache)
  const indexed = run((q) => searchPlaceIndex(index, q, CHENNAI), QUERIES);
  const baseline = run(linear, Math.min(QUERIES, 2000));
  const reverse = (() => {
    const times: number[] = [];
    for (let i = 0; i < 5000; i++) {
      const p = { lat: 8 + ((i * 37) % 2400) / 100, lng: 70 + ((i * 53) % 2000) / 100 };
      const t0 = performance.now();
      nearestPlace(index, p);
      times.push(performance.now() - t0);
    }
    return times.sort((a, b) => a - b);
  })();
  const fmt = (xs: number[]) => `p50 ${percentile(xs, 50).toFixed(3)} ms   p99 ${percentile(xs, 99).toFixed(3)} ms`;
  const { byKind } = index.stats;
  console.log(`place index: ${size} places (${byKind.city} cities, ${byKind.airport} airports, ${byKind.locality} localities), ${index.tokenCount} keys`);
  console.log(`  start-up (read and check the index file, once per process)   ${loadMs.toFixed(0)} ms (file ${(index.stats.bytes / 2 ** 20).toFixed(1)} MiB)`);
  console.log(
    `  memory added   RSS ${(after.rss - before.rss).toFixed(0)} MiB   heap ${(after.heap - before.heap).toFixed(1)} MiB   external ${(after.external - before.external).toFixed(0)} MiB${gc ? '' : ' (run with --expose-gc for exact figures)'}`,
  );
  if (gc)
    console.log(
      `  full GC pause  ${gcAfter.toFixed(1)} ms with the index alive, ${gcBefore.toFixed(1)} ms before it was built (median of 7 forced collections)`,
    );
  console.log(`place search in-process (${QUERIES} queries; goal: p99 < 5 ms)`);
  console.log(`  baseline linear prefix scan      ${fmt(baseline)}`);
  console.log(`  token index (searchPlaceIndex)   ${fmt(indexed)}  (x${(percentile(baseline, 99) / percentile(indexed, 99)).toFixed(0)} faster at p99)`);
  console.log(`  reverse geocoding (nearestPlace) ${fmt(reverse)}`);
  report('places', [
    { label: 'place search p99 (in-process)', value: percentile(indexed, 99), unit: 'ms', baseline: percentile(baseline, 99), goal: { op: '<', value: 5 } },
    { label: 'place search p50 (in-process)', value: percentile(indexed, 50), unit: 'ms', baseline: percentile(baseline, 50) },
    { label: 'reverse geocoding p99 (in-process)', value: percentile(reverse, 99), unit: 'ms' },
    { label: 'place index start-up', value: loadMs, unit: 'ms' },
    { label: 'place index memory (RSS added)', value: after.rss - before.rss, unit: 'MiB' },
    { label: 'place index memory (heap added)', value: after.heap - before.heap, unit: 'MiB' },
    { label: 'place index size', value: size, unit: 'places' },
    ...(gc ? [{ label: 'full GC pause with the place index', value: gcAfter, unit: 'ms', baseline: gcBefore }] : []),
  ]);
}

void main();
