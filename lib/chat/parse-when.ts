import { zonedDate } from '@/lib/fares/time';
import { hindiWhenToEnglish } from './parse-hindi-when';
import { MONTHS, WEEKDAY_ALIASES, WEEKDAYS } from './parse-words';
import { localTime } from '@/lib/time/zoned';

/** A wall-clock date ("2026-11-24") and time ("20:00") in the operator's time zone. */
export type When = { date?: string; time?: string };
export type WhenContext = { now: Date; timeZone: string; country?: string };

type Period = 'early' | 'morning' | 'afternoon' | 'evening' | 'night' | 'late';
/** The time a period alone stands for ("tomorrow morning" -> 09:00). */
const PERIOD_DEFAULT: Record<Period, string> = { early: '06:00', morning: '09:00', afternoon: '15:00', evening: '18:00', night: '21:00', late: '23:00' };
/** Minutes added to "now" for an immediate pickup. */
const NOW_LEAD_MIN = 15;

const pad = (n: number) => String(n).padStart(2, '0');
const MONTH_RE = '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)';
const monthOf = (word: string) => MONTHS.findIndex((m) => m.startsWith(word.slice(0, 3))) + 1;

export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

function validDate(year: number, month: number, day: number): string | undefined {
  if (month < 1 || month > 12 || day < 1 || day > 31) return undefined;
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCMonth() === month - 1 ? `${year}-${pad(month)}-${pad(day)}` : undefined;
}

function shifted(ctx: WhenContext, minutes: number): When {
  const rounded = Math.ceil((ctx.now.getTime() + minutes * 60_000) / 300_000) * 300_000;
  const at = new Date(rounded);
  return { date: zonedDate(ctx.timeZone, 0, at), time: localTime(at, ctx.timeZone) };
}

type Cut = { text: string };
/** Runs a pattern once; on a match removes it from the text and returns the groups. */
function take(cut: Cut, pattern: RegExp): RegExpExecArray | undefined {
  const match = pattern.exec(cut.text);
  if (!match) return undefined;
  cut.text = `${cut.text.slice(0, match.index)} ${cut.text.slice(match.index + match[0].length)}`;
  return match;
}

/** With a day and month but no year: this year, or next year once the date has passed. */
function withYear(month: number, day: number, year: string | undefined, today: string): string | undefined {
  if (year) return validDate(year.length === 2 ? 2000 + Number(year) : Number(year), month, day);
  const thisYear = Number(today.slice(0, 4));
  const date = validDate(thisYear, month, day);
  return date && date < today ? validDate(thisYear + 1, month, day) : date;
}

function weekday(word: string): number {
  const full = WEEKDAYS.indexOf(word);
  return full >= 0 ? full : (WEEKDAY_ALIASES[word] ?? -1);
}

function extractDate(cut: Cut, ctx: WhenContext): When {
  const today = zonedDate(ctx.timeZone, 0, ctx.now);
  let m: RegExpExecArray | undefined;
  if (take(cut, /\b(right now|now|asap|immediately|as soon as possible)\b/)) return shifted(ctx, NOW_LEAD_MIN);
  if ((m = take(cut, /\bin (\d{1,3}|an?|half an?) ?(hours?|hrs?|h|minutes?|mins?)\b/))) {
    const amount = /^\d/.test(m[1]) ? Number(m[1]) : m[1].startsWith('half') ? 0.5 : 1;
    return shifted(ctx, m[2].startsWith('h') ? amount * 60 : amount);
  }
  if (take(cut, /\b(the )?day after (tomorrow|tmrw|tmr|tomorow|tommorow|tommorrow)\b/)) return { date: addDays(today, 2) };
  if (take(cut, /\b(tomorrow|tmrw|tmr|tomorow|tommorow|tommorrow|tmw)\b/)) return { date: addDays(today, 1) };
  if ((m = take(cut, /\b(today|tonight|this (?=morning|afternoon|evening))\b/))) {
    if (m[1] === 'tonight') cut.text += ' night';
    return { date: today };
  }
  if (take(cut, /\byesterday\b/)) return { date: addDays(today, -1) };
  if ((m = take(cut, /\bin (\d{1,2}) days?\b/))) return { date: addDays(today, Number(m[1])) };
  if ((m = take(cut, /\b(\d{4})-(\d{1,2})-(\d{1,2})\b/))) return { date: validDate(Number(m[1]), Number(m[2]), Number(m[3])) };
  if ((m = take(cut, new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th)?\\s*(?:of\\s+)?${MONTH_RE}\\b\\.?,?(?:\\s+(\\d{4}))?`)))) {
    return { date: withYear(monthOf(m[2]), Number(m[1]), m[3], today) };
  }
  if ((m = take(cut, new RegExp(`\\b${MONTH_RE}\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?\\b(?:,?\\s+(\\d{4}))?`)))) {
    return { date: withYear(monthOf(m[1]), Number(m[2]), m[3], today) };
  }
  if ((m = take(cut, /\b(\d{1,2})[/-](\d{1,2})(?:[/-](\d{2}|\d{4}))?\b|\b(\d{1,2})\.(\d{1,2})\.(\d{4})\b/))) {
    const [a, b, year] = m[1] ? [m[1], m[2], m[3]] : [m[4], m[5], m[6]];
    const [day, month] = ctx.country === 'US' ? [Number(b), Number(a)] : [Number(a), Number(b)];
    return { date: withYear(month, day, year, today) };
  }
  if ((m = take(cut, /\b(next|this|coming|on)?\s*(sunday|monday|tuesday|wednesday|thursday|friday|saturday|sun|mon|tues?|wed|thu(?:rs?)?|fri|sat)\b/))) {
    const target = weekday(m[2]);
    const current = new Date(`${today}T00:00:00Z`).getUTCDay();
    let ahead = (target - current + 7) % 7;
    if (m[1] === 'next' && ahead === 0) ahead = 7;
    return { date: addDays(today, ahead) };
  }
  if ((m = take(cut, /\bon (?:the )?(\d{1,2})(?:st|nd|rd|th)\b/))) {
    const [year, month] = today.split('-').map(Number);
    const day = Number(m[1]);
    const date = validDate(year, month, day);
    return { date: date && date >= today ? date : month === 12 ? validDate(year + 1, 1, day) : validDate(year, month + 1, day) };
  }
  return {};
}

function periodOf(text: string): Period | undefined {
  if (/\bearly (morning|hours)\b/.test(text)) return 'early';
  if (/\blate (night|evening)\b/.test(text)) return 'late';
  if (/\bmorning\b/.test(text)) return 'morning';
  if (/\b(afternoon|lunch)\b/.test(text)) return 'afternoon';
  if (/\bevening\b/.test(text)) return 'evening';
  if (/\b(night|tonight)\b/.test(text)) return 'night';
  return undefined;
}

/** An hour without AM/PM: the period decides; else the next one after now today, else a daytime guess. */
function bareHour(hour: number, minute: number, period: Period | undefined, date: string | undefined, ctx: WhenContext): string {
  const at = (h: number) => `${pad(h % 24)}:${pad(minute)}`;
  if (hour === 0 || hour > 12) return at(hour);
  if (period) {
    const pm = period === 'afternoon' || period === 'evening' || ((period === 'night' || period === 'late') && hour >= 5);
    return at(pm && hour < 12 ? hour + 12 : !pm && hour === 12 ? 0 : hour);
  }
  const today = zonedDate(ctx.timeZone, 0, ctx.now);
  if (!date || date === today) {
    const now = localTime(ctx.now, ctx.timeZone);
    if (at(hour) >= now) return at(hour);
    if (hour < 12 && at(hour + 12) >= now) return at(hour + 12);
    return at(hour);
  }
  return at(hour <= 6 ? hour + 12 : hour);
}

function extractTime(cut: Cut, date: string | undefined, ctx: WhenContext): string | undefined {
  const period = periodOf(cut.text);
  let m: RegExpExecArray | undefined;
  if (take(cut, /\b(noon|midday)\b/)) return '12:00';
  if (take(cut, /\bmidnight\b/)) return '00:00';
  if ((m = take(cut, /\b(\d{1,2})(?:[:.](\d{2}))?\s*(a\.?m\.?|p\.?m\.?)(?![a-z])/))) {
    const hour = Number(m[1]);
    const minute = Number(m[2] ?? 0);
    if (hour < 1 || hour > 12 || minute > 59) return undefined;
    const pm = m[3].startsWith('p');
    return `${pad((hour % 12) + (pm ? 12 : 0))}:${pad(minute)}`;
  }
  if ((m = take(cut, /\b([01]?\d|2[0-3])[:.]([0-5]\d)\s*(?:hrs?|hours|h)?(?![\d.])/))) return bareHour(Number(m[1]), Number(m[2]), period, date, ctx);
  if ((m = take(cut, /\b([01]\d|2[0-3])([0-5]\d)\s*(?:hrs?|hours|h)\b/))) return `${m[1]}:${m[2]}`;
  if ((m = take(cut, /\b(\d{1,2})\s*o'?\s*clock\b/))) return bareHour(Number(m[1]), 0, period, date, ctx);
  if ((m = take(cut, /\b(\d{1,2})\s+in the (morning|afternoon|evening|night)\b/))) return bareHour(Number(m[1]), 0, periodOf(m[2]), date, ctx);
  if (
    (m = take(
      cut,
      /(?:\b(?:at|by|around|abt|about|before)\s*|@\s*)(\d{1,2})\b(?!\s*(?:hours?|hrs?|h\b|km|kms|days?|people|persons?|pax|seater|st\b|nd\b|rd\b|th\b|\/|-))/,
    ))
  ) {
    const hour = Number(m[1]);
    return hour <= 24 ? bareHour(hour, 0, period, date, ctx) : undefined;
  }
  if ((m = take(cut, /\b(morning|evening|afternoon|night)\s+(\d{1,2})\b(?!\s*(?:hours?|hrs?|km|days?))/)))
    return bareHour(Number(m[2]), 0, periodOf(m[1]), date, ctx);
  return period ? PERIOD_DEFAULT[period] : undefined;
}

/** "tomorrow 8": a lone number next to a date is the hour. */
function loneHour(cut: Cut, date: string, ctx: WhenContext): string | undefined {
  const m = take(cut, /(?:^|\s)(\d{1,2})(?=\s*$|\s+(?!hours?|hrs?|h\b|km|kms|days?|people|persons?|pax|seater|bags?)[a-z])/);
  const hour = m ? Number(m[1]) : NaN;
  return hour >= 1 && hour <= 23 ? bareHour(hour, 0, periodOf(cut.text), date, ctx) : undefined;
}

/** Date and time in a piece of a message; `rest` is the text with them removed. */
export function extractWhen(text: string, ctx: WhenContext): { when: When; rest: string } {
  // Hindi time words ("kal subah 8 baje", "आज शाम 6 बजे") read as their English
  const cut = { text: hindiWhenToEnglish(text) };
  const fromDate = extractDate(cut, ctx);
  const when: When = { ...fromDate };
  if (!fromDate.time) {
    const time = extractTime(cut, fromDate.date, ctx) ?? (fromDate.date ? loneHour(cut, fromDate.date, ctx) : undefined);
    if (time) when.time = time;
  }
  if (!when.date) delete when.date;
  return { when, rest: cut.text };
}
