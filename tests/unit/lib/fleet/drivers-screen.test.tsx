/**
 * @jest-environment jsdom
 */
import '@testing-library/jest-dom';
import type { ReactNode } from 'react';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import en from '@/messages/en.json';
import { withQueryClient } from '../../query-wrapper';
import type { DriverView } from '@/lib/fleet/drivers';
import { DriversScreen } from '@/components/partner/fleet/drivers-screen';
import { fillJsdomGaps } from '../../jsdom-gaps';

jest.mock('@/lib/i18n/navigation', () => ({
  Link: ({ href, children, ...rest }: { href: { pathname: string; query?: Record<string, string> }; children: ReactNode }) => (
    <a href={`${href.pathname}?${new URLSearchParams(href.query)}`} {...rest}>
      {children}
    </a>
  ),
  useRouter: () => ({ push: jest.fn(), refresh: jest.fn(), replace: jest.fn() }),
}));

const driver = (over: Partial<DriverView>): DriverView => ({
  id: 1,
  name: 'Ravi Kumar',
  lastName: null,
  photoUrl: null,
  documents: [],
  phoneCode: '91',
  phone: '9845012345',
  place: 'Chennai',
  accountStatus: 'pending',
  online: false,
  agency: null,
  vehicle: null,
  openRideId: null,
  createdAt: new Date().toISOString(),
  ...over,
});

let fleet: DriverView[];
let patches: { path: string; body: unknown }[];

beforeAll(() => {
  fillJsdomGaps();
});

beforeEach(() => {
  fleet = [
    driver({}),
    driver({
      id: 2,
      name: 'Meena S',
      accountStatus: 'Verified',
      online: true,
      openRideId: 42,
      vehicle: { id: 7, model: 'Honda City', vehicleType: 'sedan', number: 'TN01 AB1234' },
    }),
  ];
  patches = [];
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const json = (status: number, body: unknown) => ({ ok: status < 400, status, statusText: '', json: async () => body }) as Response;
    const path = String(input);
    if (init?.method === 'PATCH') {
      const body = JSON.parse(String(init.body));
      patches.push({ path, body });
      const id = Number(path.split('/').pop());
      fleet = fleet.map((d) => (d.id === id ? { ...d, accountStatus: 'Verified' } : d));
      return json(200, { success: true, data: fleet.find((d) => d.id === id) });
    }
    // the papers expiring in the next 30 days (the notice above the cards): none here
    if (path.startsWith('/api/partner/documents')) return json(200, { success: true, data: [] });
    if (path.startsWith('/api/partner/agencies')) return json(200, { success: true, data: { counters: { total: 0, online: 0, offline: 0 }, agencies: [] } });
    const online = fleet.filter((d) => d.online).length;
    return json(200, { success: true, data: { counters: { total: fleet.length, online, offline: fleet.length - online }, drivers: fleet } });
  }) as typeof fetch;
});

function renderScreen() {
  render(
    <NextIntlClientProvider locale="en" messages={en}>
      {withQueryClient(<DriversScreen defaultCountry="IN" />)}
    </NextIntlClientProvider>,
  );
}

describe('Drivers screen', () => {
  it('shows counters and cards, offers the status action per status, and Track only with an open ride', async () => {
    renderScreen();
    const ravi = (await screen.findByRole('heading', { name: 'Ravi Kumar' })).closest('li')!;
    expect(screen.getAllByRole('definition').map((d) => d.textContent)).toEqual(['2', '1', '1']);
    expect(within(ravi).getByText('Pending')).toBeInTheDocument();
    expect(within(ravi).getByText('No vehicle assigned')).toBeInTheDocument();

    fireEvent.click(within(ravi).getByRole('button', { name: 'Actions for Ravi Kumar' }));
    const menu = within(ravi).getByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((m) => m.textContent),
    ).toEqual(['Verify', 'Track', 'Assign vehicle', 'Photo', 'Licence', 'Remove']);
    const track = within(menu).getByRole('menuitem', { name: 'Track' });
    expect(track).toHaveAttribute('aria-disabled', 'true');
    expect(track).toHaveAccessibleDescription('No open ride to track');

    await act(async () => fireEvent.click(within(menu).getByRole('menuitem', { name: 'Verify' })));
    expect(patches).toEqual([{ path: '/api/partner/drivers/1', body: { action: 'verify' } }]);
    expect(await within(ravi).findByText('Verified')).toBeInTheDocument();
    expect(await screen.findByText('Ravi Kumar is verified')).toBeInTheDocument();

    const meena = screen.getByRole('heading', { name: 'Meena S' }).closest('li')!;
    expect(within(meena).getByText('Honda City · Sedan')).toBeInTheDocument();
    fireEvent.click(within(meena).getByRole('button', { name: 'Actions for Meena S' }));
    const items = within(meena).getAllByRole('menuitem');
    expect(items.map((m) => m.textContent)).toEqual(['Block', 'Track', 'Assign vehicle', 'Photo', 'Licence', 'Remove']);
    expect(within(meena).getByRole('menuitem', { name: 'Track' })).toHaveAttribute('href', '/track/driver?rideId=42');
  });

  it('opens Add Driver with the n/50 counter and Continue disabled until name and phone are present', async () => {
    renderScreen();
    fireEvent.click((await screen.findAllByRole('button', { name: 'Add Driver' }))[0]);
    const sheet = screen.getByRole('dialog', { name: 'Add Driver' });
    const name = within(sheet).getByLabelText('Driver name');
    expect(within(sheet).getByText('0/50')).toBeInTheDocument();
    expect(within(sheet).getByRole('button', { name: 'Continue' })).toBeDisabled();
    fireEvent.change(name, { target: { value: 'Arun' } });
    expect(within(sheet).getByText('4/50')).toBeInTheDocument();
    expect(within(sheet).getByRole('button', { name: 'Continue' })).toBeDisabled();
    fireEvent.change(name, { target: { value: '' } });
    await act(async () => fireEvent.blur(name));
    expect(await within(sheet).findByText('Driver name is required')).toBeInTheDocument();
  });
});
