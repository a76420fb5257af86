import { formatDateTime, formatDay, formatDuration, formatKm, formatMoney, formatTime } from '@/lib/i18n/format';

/*
 * The formatters are kept and reused (lib/i18n/format-time.ts, keptFormatter): a kept one must never answer for
 * another locale, time zone, currency or sign.
 */

it('formats each call in its own time zone, locale and currency, whatever was formatted before', () => {
  const at = '2026-11-24T14:30:00Z';
  expect(formatDateTime(at, 'en-IN', 'Asia/Kolkata')).toBe('Tue, Nov 24, 2026, 8:00 PM');
  expect(formatDateTime(at, 'en-IN', 'UTC')).toBe('Tue, Nov 24, 2026, 2:30 PM');
  expect(formatDateTime(at, 'en-IN', 'Asia/Kolkata')).toBe('Tue, Nov 24, 2026, 8:00 PM');
  expect(formatTime(at, 'en-IN', 'Asia/Dubai')).toBe('6:30 PM');
  expect(formatTime(at, 'en-IN', 'Asia/Kolkata')).toBe('8:00 PM');
  expect(formatMoney(12345, 'INR', 'en-IN')).toBe('₹123.45');
  expect(formatMoney(12345, 'AED', 'en-IN')).toMatch(/^AED\s?123\.45$/);
  expect(formatMoney(2500, 'INR', 'en-IN', { signed: true })).toBe('+₹25.00');
  expect(formatMoney(2500, 'INR', 'en-IN')).toBe('₹25.00');
  expect(formatDay('2027-03-31', 'en-IN')).toBe('Mar 31, 2027');
  expect(formatKm(452_300, 'en-IN')).toBe('452.3 km');
  expect(formatDuration(7 * 3600 + 15 * 60, 'en-IN')).toBe('7h 15m');
  // another language keeps Latin digits and its own words
  expect(formatDateTime(at, 'hi-IN', 'Asia/Kolkata')).not.toBe(formatDateTime(at, 'en-IN', 'Asia/Kolkata'));
  expect(formatDateTime(at, 'hi-IN', 'Asia/Kolkata')).toMatch(/2026/);
});

it('refuses a time zone that does not exist, each time, rather than keeping a broken formatter', () => {
  expect(() => formatTime('2026-11-24T14:30:00Z', 'en-IN', 'Mars/Olympus')).toThrow(RangeError);
  expect(() => formatTime('2026-11-24T14:30:00Z', 'en-IN', 'Mars/Olympus')).toThrow(RangeError);
});
