// Machine-readable figures for `npm run bench` (bench/run.mjs): with BENCH_JSON=1 a script
// prints one line `BENCH_JSON {...}` with its figures after its own human-readable report.
//   figure: { label, value, unit, baseline?, goal? }   goal: { op: '<' | '<=' | '>=' | '==', value }

export function report(script, figures) {
  if (process.env.BENCH_JSON !== '1') return;
  process.stdout.write(`BENCH_JSON ${JSON.stringify({ script, figures })}\n`);
}

export function meets(value, goal) {
  if (!goal) return undefined;
  if (goal.op === '<') return value < goal.value;
  if (goal.op === '<=') return value <= goal.value;
  if (goal.op === '>=') return value >= goal.value;
  return value === goal.value;
}
