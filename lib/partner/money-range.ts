import { DomainError } from '@/lib/errors/domain-error';
import { validationText } from '@/lib/errors/validation-text';
import { CUSTOM_DATE_MIN, daysBetween, isCalendarDate, rangeInstants, type DayRange } from './dates';

/** The Money section's range is at most this many days (the rides board's limit; docs/requirements/partner.md#money). */
const MONEY_MAX_DAYS = 366;

function rangeError(field: 'from' | 'to', key: string): DomainError {
  const error = new DomainError('invalid', 'bad_request', `${field}: ${validationText(key)}`, field);
  error.key = key;
  return error;
}

/** The range's local dates and instants: both dates required, real, from 2020 on, in order, at most 366 days. */
export function moneyRange(query: Partial<DayRange>, timeZone: string): DayRange & { start: Date; end: Date } {
  const { from, to } = query;
  if (!from) throw rangeError('from', 'dateRequired');
  if (!to) throw rangeError('to', 'dateRequired');
  if (!isCalendarDate(from)) throw rangeError('from', 'dateInvalid');
  if (!isCalendarDate(to)) throw rangeError('to', 'dateInvalid');
  if (from < CUSTOM_DATE_MIN) throw rangeError('from', 'dateTooEarly');
  if (to < from) throw rangeError('to', 'rangeReversed');
  if (daysBetween(from, to) + 1 > MONEY_MAX_DAYS) throw rangeError('to', 'rangeTooLong');
  return { from, to, ...rangeInstants({ from, to }, timeZone) };
}
