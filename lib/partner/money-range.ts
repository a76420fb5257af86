import { DomainError } from '@/lib/errors/domain-error';
import { validationText } from '@/lib/errors/validation-text';
import { CUSTOM_DATE_MIN, daysBetween, isCalendarDate, rangeInstants, type DayRange } from './dates';

/** The Money section's range is at most this many days (the rides board's limit; docs/requirements/partner.md#money). */
const MONEY_MAX_DAYS = 366;

/** A 400 naming the query field (`from`, `to`, or the board's `cursor`) and the Validation message key. */
export function queryFieldError(field: 'from' | 'to' | 'cursor', key: string): DomainError {
  const error = new DomainError('invalid', 'bad_request', `${field}: ${validationText(key)}`, field);
  error.key = key;
  return error;
}

/**
 * A range of the operator's local dates checked as the console sends it (both real dates, from 2020 on, in
 * order, at most `maxDays`) with its [start, end) instants; the Money section and the rides board share it.
 */
export function checkedDayRange(from: string, to: string, timeZone: string, maxDays: number): DayRange & { start: Date; end: Date } {
  if (!isCalendarDate(from)) throw queryFieldError('from', 'dateInvalid');
  if (!isCalendarDate(to)) throw queryFieldError('to', 'dateInvalid');
  if (from < CUSTOM_DATE_MIN) throw queryFieldError('from', 'dateTooEarly');
  if (to < from) throw queryFieldError('to', 'rangeReversed');
  if (daysBetween(from, to) + 1 > maxDays) throw queryFieldError('to', 'rangeTooLong');
  return { from, to, ...rangeInstants({ from, to }, timeZone) };
}

/** The range's local dates and instants: both dates required, real, from 2020 on, in order, at most 366 days. */
export function moneyRange(query: Partial<DayRange>, timeZone: string): DayRange & { start: Date; end: Date } {
  const { from, to } = query;
  if (!from) throw queryFieldError('from', 'dateRequired');
  if (!to) throw queryFieldError('to', 'dateRequired');
  return checkedDayRange(from, to, timeZone, MONEY_MAX_DAYS);
}
