/**
 * @jest-environment jsdom
 */
import '@testing-library/jest-dom';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import en from '@/messages/en.json';
import { withQueryClient } from '../../query-wrapper';
import { VehiclesScreen } from '@/components/partner/fleet/vehicles-screen';
import { SNACKBAR_MS } from '@/components/partner/fleet/fleet-store';
import { fillJsdomGaps } from '../../jsdom-gaps';

type Vehicle = {
  id: number;
  vehicleType: string;
  model: string;
  number: string;
  online: boolean;
  image: string;
  photo: string | null;
  documents: unknown[];
  createdAt: string;
};

let fleet: Vehicle[] = [];
let posts: unknown[] = [];

beforeAll(() => {
  fillJsdomGaps();
});

beforeEach(() => {
  fleet = [];
  posts = [];
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const json = (status: number, body: unknown) => ({ ok: status < 400, status, statusText: '', json: async () => body }) as Response;
    // the papers expiring in the next 30 days (the notice above the cards): none here
    if (String(input).startsWith('/api/partner/documents')) return json(200, { success: true, data: [] });
    if (init?.method === 'POST') {
      const body = JSON.parse(String(init.body));
      posts.push(body);
      if (fleet.some((v) => v.number === body.number))
        return json(409, { success: false, error: { code: 'duplicate', field: 'number', key: 'vehicleNumberTaken', message: 'number: taken' } });
      const vehicle = {
        id: fleet.length + 1,
        online: true,
        image: '/vehicles/sedan.svg',
        photo: null,
        documents: [],
        createdAt: new Date().toISOString(),
        ...body,
      };
      fleet.push(vehicle);
      return json(201, { success: true, data: vehicle });
    }
    const online = fleet.filter((v) => v.online).length;
    return json(200, { success: true, data: { counters: { total: fleet.length, online, offline: fleet.length - online }, vehicles: fleet } });
  }) as typeof fetch;
});

function renderScreen() {
  return render(
    <NextIntlClientProvider locale="en" messages={en}>
      {withQueryClient(<VehiclesScreen />)}
    </NextIntlClientProvider>,
  );
}

async function openSheet() {
  fireEvent.click((await screen.findAllByRole('button', { name: 'Add Vehicle' }))[0]);
  return screen.getByRole('dialog', { name: 'Add Vehicle' });
}

function fill(sheet: HTMLElement, { type, model, other, number }: { type: string; model?: string; other?: string; number: string }) {
  fireEvent.change(within(sheet).getByLabelText('Vehicle type'), { target: { value: type } });
  if (model) fireEvent.change(within(sheet).getByLabelText('Vehicle model'), { target: { value: model } });
  if (other !== undefined) {
    fireEvent.change(within(sheet).getByLabelText('Vehicle model'), { target: { value: '__other__' } });
    fireEvent.change(within(sheet).getByLabelText('Model name'), { target: { value: other } });
  }
  fireEvent.change(within(sheet).getByLabelText('Vehicle number'), { target: { value: number } });
}

describe('Vehicles screen and the Add Vehicle sheet', () => {
  it('shows the empty state, adds a vehicle with a typed model and a normalised number, then lists it', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    renderScreen();
    expect(await screen.findByText('No vehicles added')).toBeInTheDocument();
    const sheet = await openSheet();
    const submit = within(sheet).getByRole('button', { name: 'Continue' });
    expect(submit).toBeDisabled();

    fill(sheet, { type: 'sedan', other: 'My Own Car', number: 'tn01-ab1234' });
    expect(within(sheet).getByLabelText('Vehicle number')).toHaveValue('TN01 AB1234');
    expect(submit).toBeEnabled();
    await act(async () => fireEvent.click(submit));

    expect(posts).toEqual([{ vehicleType: 'sedan', model: 'My Own Car', number: 'TN01 AB1234' }]);
    expect(await screen.findByText('Vehicle added to fleet!')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByText('My Own Car')).toBeInTheDocument();
    await act(async () => jest.advanceTimersByTime(SNACKBAR_MS.success + 10));
    expect(screen.queryByText('Vehicle added to fleet!')).not.toBeInTheDocument();
    jest.useRealTimers();
  });

  it('offers the per-type models and shows the spec messages for a bad number and a duplicate', async () => {
    fleet = [
      {
        id: 1,
        vehicleType: 'sedan',
        model: 'Honda City',
        number: 'TN01 AB1234',
        online: true,
        image: '/vehicles/sedan.svg',
        photo: null,
        documents: [],
        createdAt: new Date().toISOString(),
      },
    ];
    renderScreen();
    expect(await screen.findByText('Honda City')).toBeInTheDocument();
    const sheet = await openSheet();
    fireEvent.change(within(sheet).getByLabelText('Vehicle type'), { target: { value: 'luxury' } });
    const options = within(within(sheet).getByLabelText('Vehicle model'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual([
      'Select vehicle model',
      'Mercedes-Benz E-Class',
      'BMW 5 Series',
      'Audi A6',
      'Toyota Camry',
      'Skoda Superb',
      'Other (Enter manually)',
    ]);

    // Issue 14: 'TN 01 AB 1234' is now read as TN01 AB1234; 'T 1234' cannot be a plate.
    fill(sheet, { type: 'sedan', model: 'Honda City', number: 'T 1234' });
    await act(async () => fireEvent.click(within(sheet).getByRole('button', { name: 'Continue' })));
    expect(within(sheet).getByText(en.Validation.vehicleNumberInvalid)).toBeInTheDocument();
    expect(posts).toEqual([]);

    fireEvent.change(within(sheet).getByLabelText('Vehicle number'), { target: { value: 'tn01 ab1234' } });
    await act(async () => fireEvent.click(within(sheet).getByRole('button', { name: 'Continue' })));
    expect(await within(sheet).findByText('A vehicle with this number is already in your fleet')).toBeInTheDocument();
    expect(await screen.findByText('Failed to add vehicle')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument();
  });
});
