import fs from 'node:fs';
import path from 'node:path';
import { VEHICLE_TYPES } from '@/lib/db/schema/rides';

/**
 * The built-in agent understands English. Riders on other languages answer with
 * the chat's own buttons (translated confirm/change labels, vehicle names) or a
 * plain "yes" in their language; this maps those to the English the agent reads.
 */
const YES_WORDS = [
  'да',
  'иә',
  'evet',
  'はい',
  'ええ',
  '是',
  '是的',
  '好',
  '好的',
  'sí',
  'si',
  'sim',
  'oui',
  'ja',
  'ya',
  'iya',
  'betul',
  'हाँ',
  'हां',
  'हो',
  'होय',
  'ஆம்',
  'ஆமாம்',
  'അതെ',
  'అవును',
  'ಹೌದು',
  'હા',
  'ਹਾਂ',
  'ہاں',
  'جی',
  'نعم',
  'ඔව්',
  'হ্যাঁ',
  'হয়',
  'ହଁ',
  'ହଁ ।',
];

type Table = { yes: Set<string>; change: Set<string>; vehicles: Map<string, string> };
let table: Table | undefined;

const fold = (text: string) =>
  text
    .normalize('NFC')
    .trim()
    .toLocaleLowerCase()
    .replace(/[.!?\u0964\u06D4\u3002\uFF01\uFF1F\s]+$/u, '');

function load(): Table {
  const dir = path.join(process.cwd(), 'messages');
  const result: Table = { yes: new Set(YES_WORDS.map(fold)), change: new Set(), vehicles: new Map() };
  for (const file of fs.readdirSync(/*turbopackIgnore: true*/ dir)) {
    if (!file.endsWith('.json')) continue;
    const messages = JSON.parse(fs.readFileSync(/*turbopackIgnore: true*/ path.join(dir, file), 'utf8')) as {
      Chat?: { confirmReply?: string; changeReply?: string };
      VehicleTypes?: Record<string, string>;
    };
    if (messages.Chat?.confirmReply) result.yes.add(fold(messages.Chat.confirmReply));
    if (messages.Chat?.changeReply) result.change.add(fold(messages.Chat.changeReply));
    for (const type of VEHICLE_TYPES) {
      const label = messages.VehicleTypes?.[type];
      if (label) result.vehicles.set(fold(label), type);
    }
  }
  return result;
}

/** The English the agent understands for a translated button label or "yes"; other text unchanged. */
export function englishReply(text: string): string {
  table ??= load();
  const key = fold(text);
  if (table.yes.has(key)) return 'yes';
  if (table.change.has(key)) return 'no, I want to change something';
  const vehicle = table.vehicles.get(key);
  return vehicle ?? text;
}
