// Reads node's --trace-gc output: one entry per collection with its kind, when it ran (ms since start), the
// main-thread pause it caused (ms), the longest incremental marking step before it (ms), and the heap before and
// after (MB). Lines that are not trace lines
// (the server's own output) are skipped.
// [pid:0x...]   15050 ms: Mark-Compact 180.3 (195.2) -> 150.1 (190.0) MB, 98.12 / 0.00 ms  (+ 5.2 ms in 40 steps ...) ...
const LINE = /^\[\d+:0x[0-9a-f]+\]\s+(\d+) ms: (.+?) ([\d.]+) \([\d.]+\) -> ([\d.]+) \([\d.]+\) MB, (?:pooled: [\d.]+ MB, )?([\d.]+) \/ [\d.]+ ms/;

export function parseTraceGc(text) {
  const pauses = [];
  for (const line of text.split('\n')) {
    const m = LINE.exec(line);
    if (!m) continue;
    const kind = m[2].trim();
    // incremental marking before a full collection runs in steps of its own: the longest is a pause too
    const step = Number(/biggest step ([\d.]+) ms/.exec(line)?.[1] ?? 0);
    pauses.push({ atMs: Number(m[1]), kind, full: /Mark-Compact|Mark-sweep/i.test(kind), before: Number(m[3]), after: Number(m[4]), ms: Number(m[5]), step });
  }
  return { pauses };
}
