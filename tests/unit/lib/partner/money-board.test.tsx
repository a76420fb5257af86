/**
 * @jest-environment jsdom
 */
import '@testing-library/jest-dom';
import { render, screen } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import en from '@/messages/en.json';
import { withQueryClient } from '../../query-wrapper';
import { MoneyBoard } from '@/components/partner/money/money-board';
import { RIDE_CATEGORIES } from '@/lib/money/reconciliation-categories';

const figures = (value: number) => Object.fromEntries(RIDE_CATEGORIES.map((c) => [c, value]));
const report = (differences: unknown[]) => ({
  success: true,
  data: {
    from: '2026-12-01',
    to: '2026-12-02',
    timeZone: 'Asia/Kolkata',
    currency: 'INR',
    fareLines: { rideAmount: 0, driverAllowance: 0, tolls: 0 },
    adjustmentLines: { waiting: 0, extraKm: 0, extraHours: 0, tolls: 0 },
    rides: figures(12_345),
    ledger: { ...figures(12_345), fares: 12_344 },
    payouts: 10_001,
    settlements: 0,
    refundsFailed: { count: 0, amount: 0 },
    perRide: [],
    differences,
  },
});

let body: unknown;
let paths: string[];
beforeAll(() => {
  AbortSignal.timeout ??= () => new AbortController().signal;
});
beforeEach(() => {
  paths = [];
  global.fetch = jest.fn(async (input: RequestInfo | URL) => {
    paths.push(String(input));
    return { ok: true, status: 200, statusText: '', json: async () => body } as Response;
  }) as typeof fetch;
});

const renderBoard = () =>
  render(
    <NextIntlClientProvider locale="en-IN" messages={en} timeZone="Asia/Kolkata">
      {withQueryClient(<MoneyBoard timeZone="Asia/Kolkata" />)}
    </NextIntlClientProvider>,
  );

describe('the Money board', () => {
  it('shows Reconciles, the categories of both sides and the CSV link of the range', async () => {
    body = report([]);
    renderBoard();
    expect(await screen.findByText('Reconciles: the rides and the ledger agree.')).toHaveAttribute('role', 'status');
    expect(screen.getByRole('row', { name: /Promo discounts/ })).toHaveTextContent('₹123.45');
    expect(screen.getByRole('row', { name: /Payouts/ })).toHaveTextContent('₹100.01');
    const link = screen.getByRole('link', { name: 'Download CSV' });
    expect(link.getAttribute('href')).toMatch(/^\/api\/partner\/money\/export\?from=\d{4}-\d{2}-01&to=\d{4}-\d{2}-\d{2}$/);
    expect(paths[0]).toMatch(/\/api\/partner\/money\?from=/);
  });

  it('counts the differences and lists each with its ride and category', async () => {
    body = report([{ category: 'fares', rideNumber: 42, expected: 12_345, ledger: 12_344 }]);
    renderBoard();
    expect(await screen.findByText('1 difference')).toHaveAttribute('role', 'status');
    const row = screen.getByRole('row', { name: /Ride #42/ });
    expect(row).toHaveTextContent('Fares of completed rides');
    expect(row).toHaveTextContent('₹123.45');
    expect(row).toHaveTextContent('₹123.44');
  });
});
