// Reads node's --trace-gc output: one entry per collection with its kind, when it ran (ms since start), the
// main-thread pause it caused (ms), the longest incremental marking step before it (ms), and the heap before and
// after (MB). Lines that are not trace lines
// (the server's own output) are skipped. Worker threads (the image workers) are isolates of their own with their own
// lines; their collections do not stop the main thread, so only the main isolate's (the one whose heap grew the
// largest) are returned, and `workers` counts the others' lines.
// [pid:0x...]   15050 ms: Mark-Compact 180.3 (195.2) -> 150.1 (190.0) MB, 98.12 / 0.00 ms  (+ 5.2 ms in 40 steps ...) ...
const LINE = /^\[\d+:(0x[0-9a-f]+)\]\s+(\d+) ms: (.+?) ([\d.]+) \([\d.]+\) -> ([\d.]+) \([\d.]+\) MB, (?:pooled: [\d.]+ MB, )?([\d.]+) \/ [\d.]+ ms/;

export function parseTraceGc(text) {
  const byIsolate = new Map();
  for (const line of text.split('\n')) {
    const m = LINE.exec(line);
    if (!m) continue;
    const kind = m[3].trim();
    // incremental marking before a full collection runs in steps of its own: the longest is a pause too
    const step = Number(/biggest step ([\d.]+) ms/.exec(line)?.[1] ?? 0);
    const pause = { atMs: Number(m[2]), kind, full: /Mark-Compact|Mark-sweep/i.test(kind), before: Number(m[4]), after: Number(m[5]), ms: Number(m[6]), step };
    if (!byIsolate.has(m[1])) byIsolate.set(m[1], []);
    byIsolate.get(m[1]).push(pause);
  }
  const isolates = [...byIsolate.values()];
  const largest = (pauses) => Math.max(...pauses.map((p) => p.before));
  const main = isolates.sort((a, b) => largest(b) - largest(a))[0] ?? [];
  return { pauses: main, workers: isolates.slice(1).reduce((n, pauses) => n + pauses.length, 0) };
}
