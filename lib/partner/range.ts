import { DomainError } from '@/lib/errors/domain-error';
import { customRangeProblem, presetRange, rangeInstants, type DateFilter, type DayRange } from './dates';
import { localDate } from '@/lib/time/zoned';

export type ResolvedRange = DayRange & { start: Date; end: Date };

function dateError(field: 'from' | 'to', key: string): DomainError {
  const error = new DomainError('invalid', 'bad_request', `${field}: ${key}`, field);
  error.key = key;
  return error;
}

/**
 * The local dates and [start, end) instants of a date filter in the business's
 * zone. Custom dates must lie within 2020-01-01..today (the schema has checked
 * their form and order; "today" needs the zone, so it is checked here).
 */
export function resolveRange(filter: DateFilter, custom: Partial<DayRange>, timeZone: string, now = new Date()): ResolvedRange {
  const today = localDate(now, timeZone);
  let days: DayRange;
  if (filter === 'custom') {
    const problem = customRangeProblem(custom, today);
    if (problem) throw dateError(problem.field, problem.key);
    days = { from: custom.from!, to: custom.to! };
  } else {
    days = presetRange(filter, today);
  }
  return { ...days, ...rangeInstants(days, timeZone) };
}
