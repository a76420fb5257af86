import { z } from 'zod';
import { CUSTOM_DATE_MIN, DATE_FILTERS, isCalendarDate, type DateFilter } from './dates';

/*
 * Console inputs shared by the screens, the route handlers and the tests.
 * Messages are keys: date keys of `Overview.errors`, the rest of the
 * namespace of their screen.
 */

export { PARTNER_ROLES } from '@/lib/auth/constants';

/** Paginator page sizes (docs/requirements/partner.md#customers); the customer list starts at 5. */
export const PAGE_SIZES = [5, 10, 25, 100] as const;
export const CUSTOMER_PAGE_SIZE = 5;
export const EVENT_PAGE_SIZE = 25;
/** Wallet page size (docs/requirements/partner.md#wallet). */
export const WALLET_PAGE_SIZE = 100;

/** The filter labels as the original screens sent them, accepted as aliases ("This Month" = thisMonth). */
const FILTER_LABELS: Record<string, DateFilter> = {
  Today: 'today',
  Yesterday: 'yesterday',
  'This Week': 'thisWeek',
  'Last Week': 'lastWeek',
  'This Month': 'thisMonth',
  'Last Month': 'lastMonth',
  'Custom Date': 'custom',
};

const filterSchema = z.preprocess((v) => (typeof v === 'string' && FILTER_LABELS[v]) || v, z.enum(DATE_FILTERS, { error: 'filterInvalid' }));
const dateSchema = z.string({ error: 'dateInvalid' }).refine(isCalendarDate, 'dateInvalid').optional();

type RangeFields = { from?: string; to?: string };

function refineCustom(v: RangeFields, ctx: z.RefinementCtx, isCustom: boolean): void {
  if (!isCustom) return;
  const issue = (path: keyof RangeFields, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  if (!v.from) return issue('from', 'dateRequired');
  if (!v.to) return issue('to', 'dateRequired');
  if (v.from < CUSTOM_DATE_MIN) return issue('from', 'dateTooEarly');
  if (v.to < v.from) return issue('to', 'rangeReversed');
}

/** GET /api/partner/overview: a preset, or custom from..to (2020-01-01..today in the business's zone). */
export const overviewQuerySchema = z
  .object({ filter: filterSchema.default('today'), from: dateSchema, to: dateSchema })
  .superRefine((v, ctx) => refineCustom(v, ctx, v.filter === 'custom'));

/** GET /api/partner/wallet (docs/requirements/partner.md#wallet): date_filter, offset, limit; the screen sends This Month, 0, 100. */
export const walletQuerySchema = z
  .object({
    date_filter: filterSchema.default('thisMonth'),
    from: dateSchema,
    to: dateSchema,
    offset: z.coerce.number({ error: 'offsetInvalid' }).int('offsetInvalid').min(0, 'offsetInvalid').max(1_000_000, 'offsetInvalid').default(0),
    limit: z.coerce
      .number({ error: 'limitInvalid' })
      .int('limitInvalid')
      .min(1, 'limitInvalid')
      .max(WALLET_PAGE_SIZE, 'limitInvalid')
      .default(WALLET_PAGE_SIZE),
  })
  .superRefine((v, ctx) => refineCustom(v, ctx, v.date_filter === 'custom'));

const pageIndex = z.coerce.number({ error: 'pageInvalid' }).int('pageInvalid').min(0, 'pageInvalid').max(100_000, 'pageInvalid').default(0);
const pageSize = (fallback: number) =>
  z.coerce
    .number({ error: 'sizeInvalid' })
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), 'sizeInvalid')
    .default(fallback);

export const CUSTOMER_TYPES = ['user', 'driver', 'partner'] as const;
export type CustomerType = (typeof CUSTOMER_TYPES)[number];
export const CUSTOMER_SORTS = ['newest', 'oldest'] as const;

/** GET /api/partner/customers (docs/requirements/partner.md#customers): type (default User), search, sort (default Newest), page. */
export const customersQuerySchema = z.object({
  type: z.enum(CUSTOMER_TYPES, { error: 'typeInvalid' }).default('user'),
  q: z.string().trim().max(100, 'searchTooLong').default(''),
  sort: z.enum(CUSTOMER_SORTS, { error: 'sortInvalid' }).default('newest'),
  page: pageIndex,
  size: pageSize(CUSTOMER_PAGE_SIZE),
});

export type CustomersQuery = z.infer<typeof customersQuerySchema>;

/** Time filter of the ride event page (docs/requirements/partner.md#ride-events): Last 30 minutes = 30, Last hour = 60, Today = today. */
export const EVENT_WINDOWS = ['30', '60', 'today'] as const;
export type EventWindow = (typeof EVENT_WINDOWS)[number];

/** GET /api/partner/events: window, ride id search ("42" or "#42"), page. */
export const eventsQuerySchema = z.object({
  window: z.enum(EVENT_WINDOWS, { error: 'windowInvalid' }).default('today'),
  rideId: z
    .string()
    .trim()
    .transform((v) => v.replace(/^#/, ''))
    .pipe(z.string().regex(/^\d{0,9}$/, 'rideIdInvalid'))
    .default(''),
  page: pageIndex,
  size: pageSize(EVENT_PAGE_SIZE),
});

export type EventsQuery = z.infer<typeof eventsQuerySchema>;
