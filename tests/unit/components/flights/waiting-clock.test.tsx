/**
 * @jest-environment jsdom
 */
import '@testing-library/jest-dom';
import { act, render, screen } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import en from '@/messages/en.json';
import { WaitingClock } from '@/components/flights/waiting-clock';

/*
 * The driver app's waiting clock (docs/requirements/driver.md#trips): from the
 * landing, once the driver is at the meeting point, the free minutes count
 * down; past them each started block of the operator's size is charged, and
 * the clock moves on its own every 15 s.
 */

const MINUTE = 60_000;
const LANDED = new Date('2026-03-10T10:00:00+05:30');
const at = (minutes: number) => new Date(LANDED.getTime() + minutes * MINUTE);

function renderClock(over: Partial<Parameters<typeof WaitingClock>[0]> = {}) {
  return render(
    <NextIntlClientProvider locale="en-IN" messages={en} timeZone="Asia/Kolkata">
      <WaitingClock
        pickupTime={at(30).toISOString()}
        landedAt={LANDED.toISOString()}
        driverArrivedAt={at(-5).toISOString()}
        freeMinutes={60}
        blockMinutes={15}
        perBlock={12_000}
        currency="INR"
        startedAt={null}
        {...over}
      />
    </NextIntlClientProvider>,
  );
}
const clock = () => screen.getByRole('timer');
const advance = (minutes: number) => act(() => jest.advanceTimersByTime(minutes * MINUTE));

beforeEach(() => jest.useFakeTimers({ now: at(10) }));
afterEach(() => jest.useRealTimers());

describe('the waiting clock', () => {
  it('counts the free minutes down from the landing, then the paid blocks of the operator size, without a reload', () => {
    renderClock();
    expect(clock()).toHaveTextContent(/^Waited 10 min · 50 min free left$/);
    advance(49);
    expect(clock()).toHaveTextContent(/^Waited 59 min · 1 min free left$/);
    advance(1);
    expect(clock()).toHaveTextContent(/^Waited 60 min · 0 min free left$/);
    advance(1);
    expect(clock()).toHaveTextContent(/Waited 61 min · 0 min free left · 1 paid blocks so far: ₹120(\.00)?$/);
    advance(14);
    expect(clock()).toHaveTextContent(/Waited 75 min .* 1 paid blocks so far: ₹120(\.00)?$/);
    advance(1);
    expect(clock()).toHaveTextContent(/Waited 76 min .* 2 paid blocks so far: ₹240(\.00)?$/);
  });

  it('takes the block size the operator set (10 minutes): 81 minutes waited with 60 free are 3 blocks', () => {
    renderClock({ blockMinutes: 10 });
    advance(71);
    expect(clock()).toHaveTextContent(/Waited 81 min .* 3 paid blocks so far: ₹360(\.00)?$/);
  });

  it('counts from when the driver reached the meeting point when that is after the landing, and waits for them before counting', () => {
    renderClock({ driverArrivedAt: null });
    expect(screen.queryByRole('timer')).toBeNull();
    expect(screen.getByText('Free waiting (60 min) starts at the landing or the pickup time.')).toBeInTheDocument();
    renderClock({ driverArrivedAt: at(5).toISOString() });
    expect(clock()).toHaveTextContent(/^Waited 5 min · 55 min free left$/);
  });

  it('stops at the start of the trip', () => {
    renderClock({ startedAt: at(90).toISOString() });
    expect(clock()).toHaveTextContent(/Waited 90 min .* 2 paid blocks so far: ₹240(\.00)?$/);
    advance(60);
    expect(clock()).toHaveTextContent(/Waited 90 min .* 2 paid blocks so far: ₹240(\.00)?$/);
  });
});
