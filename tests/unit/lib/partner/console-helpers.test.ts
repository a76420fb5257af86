import QRCode from 'qrcode';
import { addDays, customRangeProblem, localIsoTime, presetRange, rangeInstants, startOfLocalDay } from '@/lib/partner/dates';
import { localDate } from '@/lib/time/zoned';
import { isAppRole, qrCodePath, tenantOrigin } from '@/lib/partner/app-links';
import { rateCardInputSchema } from '@/lib/partner/rate-schema';
import { rateCardValues, rateCardView } from '@/lib/partner/rates';
import { defaultRateCard } from '@/lib/fares/defaults';
import { resetEnvForTests } from '@/lib/env';
import type { RateCard } from '@/lib/db/schema';

describe('calendar days in a business time zone', () => {
  it('starts a local day at local midnight, whatever the offset', () => {
    expect(startOfLocalDay('2025-03-11', 'Asia/Kolkata').toISOString()).toBe('2025-03-10T18:30:00.000Z');
    expect(startOfLocalDay('2025-03-11', 'America/New_York').toISOString()).toBe('2025-03-11T04:00:00.000Z');
    // London moves to summer time on 30 March 2025: the day after starts an hour earlier in UTC.
    expect(startOfLocalDay('2025-03-30', 'Europe/London').toISOString()).toBe('2025-03-30T00:00:00.000Z');
    expect(startOfLocalDay('2025-03-31', 'Europe/London').toISOString()).toBe('2025-03-30T23:00:00.000Z');
  });

  it('reads an instant as the local date and wall clock', () => {
    const instant = new Date('2025-03-10T19:00:00Z');
    expect(localDate(instant, 'Asia/Kolkata')).toBe('2025-03-11');
    expect(localDate(instant, 'UTC')).toBe('2025-03-10');
    expect(localIsoTime(instant, 'Asia/Kolkata')).toBe('2025-03-11T00:30:00+05:30');
    expect(localIsoTime(instant, 'America/New_York')).toBe('2025-03-10T15:00:00-04:00');
  });

  it.each([
    ['today', { from: '2025-03-12', to: '2025-03-12' }],
    ['yesterday', { from: '2025-03-11', to: '2025-03-11' }],
    ['thisWeek', { from: '2025-03-10', to: '2025-03-12' }],
    ['lastWeek', { from: '2025-03-03', to: '2025-03-09' }],
    ['thisMonth', { from: '2025-03-01', to: '2025-03-12' }],
    ['lastMonth', { from: '2025-02-01', to: '2025-02-28' }],
  ] as const)('%s on Wednesday 12 March 2025 covers %o (weeks start on Monday)', (filter, range) => {
    expect(presetRange(filter, '2025-03-12')).toEqual(range);
  });

  it('crosses year boundaries and covers whole days', () => {
    expect(presetRange('lastMonth', '2025-01-15')).toEqual({ from: '2024-12-01', to: '2024-12-31' });
    expect(presetRange('thisWeek', '2025-01-01')).toEqual({ from: '2024-12-30', to: '2025-01-01' });
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    // the Money section's whole periods: to the week's Sunday and the month's last day (February of a leap year)
    expect(presetRange('thisWeek', '2025-01-01', true)).toEqual({ from: '2024-12-30', to: '2025-01-05' });
    expect(presetRange('thisMonth', '2024-02-10', true)).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(presetRange('thisMonth', '2024-12-31', true)).toEqual({ from: '2024-12-01', to: '2024-12-31' });
    expect(presetRange('today', '2024-12-31', true)).toEqual({ from: '2024-12-31', to: '2024-12-31' });
    const { start, end } = rangeInstants({ from: '2025-03-11', to: '2025-03-11' }, 'Asia/Kolkata');
    expect(end.getTime() - start.getTime()).toBe(86_400_000);
  });

  it('checks custom ranges: required, real dates, 2020-01-01 to today, in order', () => {
    const today = '2025-03-12';
    expect(customRangeProblem({ from: '2025-03-01', to: '2025-03-12' }, today)).toBeUndefined();
    expect(customRangeProblem({ to: '2025-03-12' }, today)).toEqual({ field: 'from', key: 'dateRequired' });
    expect(customRangeProblem({ from: '2025-02-29', to: '2025-03-12' }, today)).toEqual({ field: 'from', key: 'dateInvalid' });
    expect(customRangeProblem({ from: '2019-12-31', to: '2020-01-01' }, today)).toEqual({ field: 'from', key: 'dateTooEarly' });
    expect(customRangeProblem({ from: '2025-03-01', to: '2025-03-13' }, today)).toEqual({ field: 'to', key: 'dateInFuture' });
    expect(customRangeProblem({ from: '2025-03-05', to: '2025-03-01' }, today)).toEqual({ field: 'to', key: 'rangeReversed' });
  });

  it('lets the Money section choose pickup dates after today, still checked otherwise', () => {
    const today = '2025-03-12';
    expect(customRangeProblem({ from: '2025-03-01', to: '2025-03-31' }, today, true)).toBeUndefined();
    expect(customRangeProblem({ from: '2025-04-01', to: '2025-04-30' }, today, true)).toBeUndefined();
    expect(customRangeProblem({ from: '2025-03-31', to: '2025-03-01' }, today, true)).toEqual({ field: 'to', key: 'rangeReversed' });
    expect(customRangeProblem({ from: '2025-03-01', to: '2025-03-31' }, today)).toEqual({ field: 'to', key: 'dateInFuture' });
  });
});

describe('app links', () => {
  afterEach(() => {
    delete process.env.TRAVEL_HOST;
    delete process.env.PORT;
    resetEnvForTests();
  });

  it('uses the business domain, else {slug}.TRAVEL_HOST', () => {
    expect(tenantOrigin({ slug: 'acme', domain: 'https://cabs.acme.example/' })).toBe('https://cabs.acme.example');
    process.env.PORT = '3100';
    resetEnvForTests();
    expect(tenantOrigin({ slug: 'acme', domain: null })).toBe('http://acme.localhost:3100');
    process.env.TRAVEL_HOST = 'travel.example';
    resetEnvForTests();
    expect(tenantOrigin({ slug: 'acme', domain: null })).toBe('https://acme.travel.example');
  });

  it('knows the three app roles only', () => {
    expect(['driver', 'user', 'partner'].every(isAppRole)).toBe(true);
    expect(isAppRole('admin')).toBe(false);
  });

  it('draws the QR code of the link, module for module', () => {
    const url = 'https://acme.travel.example/in/en/user/home';
    const { size, path } = qrCodePath(url);
    const { modules } = QRCode.create(url, { errorCorrectionLevel: 'M' });
    expect(size).toBe(modules.size);
    expect(path.match(/M/g)).toHaveLength(Array.from(modules.data).filter(Boolean).length);
  });
});

describe('rate card units', () => {
  it('round-trips a stored card through the console form in major units', () => {
    const stored = {
      id: 1,
      businessId: 1,
      vehicleType: 'sedan',
      active: true,
      nonAcDiscountBps: null,
      updatedAt: new Date(),
      ...defaultRateCard('sedan', 'INR'),
    } as RateCard;
    const { vehicleType: _t, updatedAt: _u, ...input } = rateCardView(stored);
    expect(input).toMatchObject({ baseFare: 80, tollPerKm: 1.2, nightChargePercent: 10 });
    expect(rateCardInputSchema.parse(input)).toEqual(input);
    const { active: _a, ...values } = rateCardValues(input);
    const { id: _i, businessId: _b, vehicleType: _v, active: _s, updatedAt: _d, ...original } = stored;
    expect(values).toEqual(original);
  });
});
