#!/usr/bin/env node
// Checks every messages/{lang}.json against messages/en.json: same keys, same ICU placeholders,
// and no value left identical to English where English has letters (a sign of an untranslated copy).
// Usage: node scripts/check-messages.mjs [lang ...]
import fs from 'node:fs';
import path from 'node:path';
import { messageArgs as placeholders } from './message-args.mjs';

const dir = path.join(process.cwd(), 'messages');
const flat = (o, pre = '') => Object.entries(o).flatMap(([k, v]) => (v && typeof v === 'object' ? flat(v, `${pre}${k}.`) : [[`${pre}${k}`, v]]));
// Values that are the same in every language (numbers, brand words).
const SAME_EVERYWHERE = /^(24\/7|WhatsApp|SMS|UPI|OTP|SUV|Sedan|Hatchback|[CSI]GST \{rate\}%|\W*)$/;

const en = new Map(flat(JSON.parse(fs.readFileSync(path.join(dir, 'en.json'), 'utf8'))));
const langs = process.argv.slice(2).length
  ? process.argv.slice(2)
  : fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.json') && f !== 'en.json')
      .map((f) => f.slice(0, -5));
let failed = false;
for (const lang of langs) {
  const file = path.join(dir, `${lang}.json`);
  if (!fs.existsSync(file)) {
    console.log(`${lang}: file missing`);
    failed = true;
    continue;
  }
  const other = new Map(flat(JSON.parse(fs.readFileSync(file, 'utf8'))));
  const problems = [];
  for (const [key, value] of en) {
    if (!other.has(key)) problems.push(`missing ${key}`);
    else if (placeholders(other.get(key)) !== placeholders(value)) problems.push(`placeholders differ in ${key}`);
    else if (other.get(key) === value && /[a-z]{3}/i.test(value.replace(/\{[^}]*\}/g, '')) && !SAME_EVERYWHERE.test(value))
      problems.push(`untranslated ${key}`);
  }
  for (const key of other.keys()) if (!en.has(key)) problems.push(`extra ${key}`);
  if (problems.length) {
    failed = true;
    console.log(`${lang}: ${problems.length} problem(s)\n  ${problems.slice(0, 20).join('\n  ')}`);
  } else console.log(`${lang}: ok (${other.size} keys)`);
}
process.exit(failed ? 1 : 0);
