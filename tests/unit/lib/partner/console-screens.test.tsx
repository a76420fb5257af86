/**
 * @jest-environment jsdom
 */
import '@testing-library/jest-dom';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import en from '@/messages/en.json';
import { withQueryClient } from '../../query-wrapper';
import type { RateCardView } from '@/lib/partner/rates';
import { Paginator } from '@/components/partner/customers/paginator';
import { CustomersBoard } from '@/components/partner/customers/customers-board';
import { RateCardForm } from '@/components/partner/rates/rate-card-form';
import { RidesChart } from '@/components/partner/overview/rides-chart';
import { DateFilterBar } from '@/components/partner/overview/date-filter';

const withMessages = (ui: React.ReactNode) => (
  <NextIntlClientProvider locale="en-IN" messages={en} timeZone="Asia/Kolkata">
    {withQueryClient(ui)}
  </NextIntlClientProvider>
);

type Reply = { status: number; body: unknown };
let requests: { path: string; method: string; body?: unknown }[];
let reply: (path: string) => Reply;

beforeAll(() => {
  AbortSignal.timeout ??= () => new AbortController().signal;
});

beforeEach(() => {
  requests = [];
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input);
    requests.push({ path, method: init?.method ?? 'GET', body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const { status, body } = reply(path);
    return { ok: status < 400, status, statusText: '', json: async () => body } as Response;
  }) as typeof fetch;
});

const sedan: RateCardView = {
  vehicleType: 'sedan',
  active: true,
  baseFare: 80,
  perKm: 14,
  minKm: 4,
  outstationPerKm: 13,
  minKmPerDay: 250,
  driverBataPerDay: 350,
  nightChargePercent: 10,
  nightStartHour: 22,
  nightEndHour: 6,
  airportFee: 150,
  tollPerKm: 1.2,
  rentalPackages: [{ hours: 4, km: 40, price: 1200 }],
  extraKmRate: 14,
  extraHourRate: 150,
  waitingCharge: 60,
  updatedAt: new Date().toISOString(),
};

describe('paginator', () => {
  it('shows the spec labels and moves between pages', () => {
    const onPage = jest.fn();
    const onSize = jest.fn();
    render(withMessages(<Paginator page={1} size={5} total={23} sizes={[5, 10, 25, 100]} onPage={onPage} onSize={onSize} />));
    expect(screen.getByLabelText('Items per page:')).toHaveValue('5');
    expect(screen.getByText('6 – 10 of 23')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    fireEvent.click(screen.getByRole('button', { name: 'Last page' }));
    fireEvent.click(screen.getByRole('button', { name: 'First page' }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(onPage.mock.calls).toEqual([[2], [4], [0], [0]]);
    fireEvent.change(screen.getByLabelText('Items per page:'), { target: { value: '25' } });
    expect(onSize).toHaveBeenCalledWith(25);
  });
});

describe('rate card form', () => {
  it('shows a clear message for a bad amount and sends nothing', async () => {
    const onSaved = jest.fn();
    render(withMessages(<RateCardForm card={sedan} currency="INR" vehicleName="Sedan" onSaved={onSaved} />));
    fireEvent.change(screen.getByLabelText('Base fare (INR)'), { target: { value: '-5' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save fares' })));
    expect(screen.getByText('Enter 0 or more')).toBeInTheDocument();
    expect(screen.getByLabelText('Base fare (INR)')).toHaveAttribute('aria-invalid', 'true');
    expect(requests).toEqual([]);
  });

  it('needs at least one rental package', async () => {
    render(withMessages(<RateCardForm card={sedan} currency="INR" vehicleName="Sedan" onSaved={jest.fn()} />));
    fireEvent.click(screen.getByRole('button', { name: 'Remove package 1' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save fares' })));
    expect(screen.getByText('Add at least one rental package')).toBeInTheDocument();
    expect(requests).toEqual([]);
  });

  it('saves major units with PUT and reports the saved card', async () => {
    reply = () => ({ status: 200, body: { success: true, data: { ...sedan, perKm: 15.5 } } });
    const onSaved = jest.fn();
    render(withMessages(<RateCardForm card={sedan} currency="INR" vehicleName="Sedan" onSaved={onSaved} />));
    fireEvent.change(screen.getByLabelText('Per km (INR)'), { target: { value: '15.5' } });
    fireEvent.change(screen.getByLabelText('Night starts at'), { target: { value: '23' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save fares' })));
    expect(requests).toEqual([
      {
        path: '/api/partner/rates/sedan',
        method: 'PUT',
        body: expect.objectContaining({ perKm: 15.5, nightStartHour: 23, rentalPackages: [{ hours: 4, km: 40, price: 1200 }] }),
      },
    ]);
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ perKm: 15.5 }));
  });

  it('puts a server field error on its field', async () => {
    reply = () => ({ status: 409, body: { success: false, error: { code: 'last_active', message: 'active: Keep at least one', field: 'active' } } });
    render(withMessages(<RateCardForm card={sedan} currency="INR" vehicleName="Sedan" onSaved={jest.fn()} />));
    fireEvent.click(screen.getByLabelText('Offer this vehicle type to riders'));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save fares' })));
    expect(screen.getByText('Keep at least one vehicle type offered to riders')).toBeInTheDocument();
  });
});

describe('overview pieces', () => {
  it('draws an accessible chart with a table of the same numbers', () => {
    const series = [
      { period: '2025-03-10', rides: 2, revenue: 150_000 },
      { period: '2025-03-11', rides: 1, revenue: 0 },
    ];
    render(withMessages(<RidesChart series={series} bucket="day" currency="INR" from="2025-03-10" to="2025-03-11" />));
    expect(screen.getByRole('img', { name: /Rides and revenue per day.*3 rides and ₹1,500.00 revenue from Mar 10, 2025 to Mar 11, 2025/ })).toBeInTheDocument();
    const rows = within(screen.getByRole('table', { hidden: true })).getAllByRole('row', { hidden: true });
    expect(rows.map((row) => row.textContent)).toEqual(['PeriodRidesRevenue', 'Mar 10, 20252₹1,500.00', 'Mar 11, 20251₹0.00']);
  });

  it('refuses a custom range that ends before it starts', () => {
    const onChange = jest.fn();
    render(withMessages(<DateFilterBar value={{ filter: 'today' }} onChange={onChange} timeZone="Asia/Kolkata" />));
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: 'custom' } });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2025-03-05' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2025-03-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The end date must be on or after the start date');
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2025-03-06' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(onChange).toHaveBeenCalledWith({ filter: 'custom', from: '2025-03-05', to: '2025-03-06' });
  });
});

describe('customer list', () => {
  it('shows the rows, the footer and asks again when the type changes', async () => {
    const items = Array.from({ length: 5 }, (_, i) => ({
      id: i + 1,
      name: `Customer ${i + 1}`,
      company: null,
      phone: '+91 9845000000',
      email: `c${i}@mail.example`,
      country: 'IN',
      status: i ? 'Active' : 'Inactive',
      createdAt: new Date().toISOString(),
    }));
    reply = () => ({ status: 200, body: { success: true, data: { items, total: 13, page: 0, size: 5 } } });
    await act(async () => {
      render(withMessages(<CustomersBoard />));
    });
    expect(await screen.findByText('Showing data 1 to 5 of 13 entries')).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Name', 'Company', 'Phone', 'Email', 'Country', 'Status']);
    expect(screen.getAllByText('India')).toHaveLength(5);
    expect(screen.getByText('Inactive')).toBeInTheDocument();
    await act(async () => {
      fireEvent.change(screen.getByLabelText('Type'), { target: { value: 'driver' } });
    });
    await waitFor(() => expect(requests.map((r) => new URL(r.path, 'http://x').searchParams.get('type'))).toEqual(['user', 'driver']));
  });
});
