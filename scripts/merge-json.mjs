#!/usr/bin/env node
// Git merge driver for messages/*.json: a three-way merge by key, so two
// branches that each add keys (the usual case) merge without a conflict.
// Usage (.gitattributes names the driver for messages/*.json; each clone configures it once):
//   git config merge.json3.driver "node scripts/merge-json.mjs %O %A %B"
// Writes the result to %A. Exits 1, leaving ours in place for the key, when
// both sides changed the same key to different values.
import { readFileSync, writeFileSync } from 'node:fs';

const [basePath, oursPath, theirsPath] = process.argv.slice(2);
const read = (p) => {
  try {
    return JSON.parse(readFileSync(p, 'utf8'));
  } catch {
    return {};
  }
};
const base = read(basePath);
const ours = read(oursPath);
const theirs = read(theirsPath);
const conflicts = [];
const isObj = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

function merge(b, o, t, at) {
  if (same(o, t)) return o;
  if (same(b, o)) return t;
  if (same(b, t)) return o;
  if (isObj(o) && isObj(t)) {
    const bb = isObj(b) ? b : {};
    const out = {};
    const keys = [...Object.keys(o), ...Object.keys(t).filter((k) => !(k in o))];
    for (const k of keys) {
      const inO = k in o;
      const inT = k in t;
      const inB = k in bb;
      if (inO && inT) out[k] = merge(bb[k], o[k], t[k], `${at}.${k}`);
      else if (inO) {
        // theirs deleted it (if base had it) unless ours changed it
        if (inB && same(bb[k], o[k])) continue;
        out[k] = o[k];
      } else {
        if (inB && same(bb[k], t[k])) continue;
        out[k] = t[k];
      }
    }
    return out;
  }
  conflicts.push(at);
  return o;
}

const merged = merge(base, ours, theirs, '');
writeFileSync(oursPath, `${JSON.stringify(merged, null, 2)}\n`);
if (conflicts.length) {
  console.error(`merge-json: both sides changed ${conflicts.join(', ')}; kept ours`);
  process.exit(1);
}
