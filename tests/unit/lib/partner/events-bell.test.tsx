/**
 * @jest-environment jsdom
 */
import '@testing-library/jest-dom';
import type { ReactNode } from 'react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import en from '@/messages/en.json';
import { withQueryClient } from '../../query-wrapper';
import { useSessionStore, type Me } from '@/components/auth/session-store';
import { EventsBell } from '@/components/partner/events/events-bell';
import type { RideEventRow } from '@/lib/partner/events';

/*
 * Issue 37: the ride event page's notifications icon counts the events since the user last looked (kept per user
 * in localStorage), live on the business's ride changes; opening it lists them with links to the ride and marks
 * them seen; Escape closes it and gives the focus back.
 */

type Handler = (...args: unknown[]) => void;
const handlers = new Map<string, Handler>();

jest.mock('socket.io-client', () => ({
  io: () => {
    const manager = { on: () => manager };
    const socket = {
      io: manager,
      on: (event: string, fn: Handler) => {
        handlers.set(event, fn);
        return socket;
      },
      disconnect: () => undefined,
    };
    return socket;
  },
}));

jest.mock('@/lib/i18n/navigation', () => ({
  Link: ({ href, children, ...rest }: { href: { pathname: string; query?: Record<string, string> }; children: ReactNode }) => (
    <a href={`${href.pathname}?${new URLSearchParams(href.query)}`} {...rest}>
      {children}
    </a>
  ),
}));

const row = (rideId: number, createdAt: string, toStatus: RideEventRow['toStatus'] = 'booked'): RideEventRow => ({
  rideId,
  fromStatus: toStatus === 'booked' ? null : 'booked',
  toStatus,
  note: null,
  pickup: 'Chennai',
  dropoff: 'Bengaluru',
  createdAt,
});

let rows: RideEventRow[];
let reads: number;

beforeAll(() => {
  AbortSignal.timeout ??= () => new AbortController().signal;
});

beforeEach(() => {
  localStorage.clear();
  handlers.clear();
  reads = 0;
  rows = [row(7, '2026-12-02T08:00:00.000Z')];
  useSessionStore.setState({ status: 'ready', me: { user_id: 42, name: 'Night desk' } as Me });
  global.fetch = jest.fn(async () => {
    reads += 1;
    const body = { success: true, data: { items: rows, total: rows.length, page: 0, size: 25, since: '2026-12-01T18:30:00.000Z' } };
    return { ok: true, status: 200, statusText: '', json: async () => body } as Response;
  }) as typeof fetch;
});

const renderBell = () =>
  render(
    <NextIntlClientProvider locale="en-IN" messages={en} timeZone="Asia/Kolkata">
      {withQueryClient(<EventsBell area="travel" timeZone="Asia/Kolkata" />)}
    </NextIntlClientProvider>,
  );

const bell = () => screen.getByRole('button', { name: /^Notifications, / });

describe('the ride events bell', () => {
  it('starts a first visit at the newest event, counts one arriving live, and opening it marks it seen', async () => {
    renderBell();
    await waitFor(() => expect(localStorage.getItem('console-events-seen:42')).toBe('2026-12-02T08:00:00.000Z'));
    expect(bell()).toHaveAccessibleName('Notifications, no new ride events');

    rows = [row(8, '2026-12-02T08:05:00.000Z'), ...rows];
    const before = reads;
    act(() => handlers.get('rideChanged')!({ id: 8, from: null, to: 'booked', status: 'booked', createdAt: '2026-12-02T08:05:00.000Z' }));
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, 1 new ride event'), { timeout: 3000 });
    expect(reads).toBeGreaterThan(before);
    expect(screen.getByRole('status')).toHaveTextContent('1 new ride event');

    fireEvent.click(bell());
    expect(bell()).toHaveAttribute('aria-expanded', 'true');
    const link = screen.getByRole('link', { name: /^Ride created\s*Ride #8(?!\d)/ });
    expect(link).toHaveAttribute('href', '/travel/rides?q=8');
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, no new ride events'));
    expect(localStorage.getItem('console-events-seen:42')).toBe('2026-12-02T08:05:00.000Z');

    fireEvent.keyDown(document, { key: 'Escape' });
    expect(bell()).toHaveAttribute('aria-expanded', 'false');
    expect(bell()).toHaveFocus();
  });

  it("counts what came since this user's stored last look, and no more than a page", async () => {
    localStorage.setItem('console-events-seen:42', '2026-12-02T07:00:00.000Z');
    rows = [row(9, '2026-12-02T08:10:00.000Z', 'accepted'), row(8, '2026-12-02T07:30:00.000Z'), row(6, '2026-12-02T06:00:00.000Z')];
    const { unmount } = renderBell();
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, 2 new ride events'));
    expect(bell()).toHaveTextContent('2');
    unmount();

    rows = Array.from({ length: 25 }, (_, i) => row(100 - i, new Date(Date.parse('2026-12-02T09:00:00.000Z') - i * 60_000).toISOString()));
    renderBell();
    await waitFor(() => expect(bell()).toHaveTextContent('25+'));
  });
});
