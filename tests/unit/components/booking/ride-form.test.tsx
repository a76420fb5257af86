/**
 * @jest-environment jsdom
 */
import '@testing-library/jest-dom';
import { fireEvent, render, screen } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import en from '@/messages/en.json';
import { RideForm } from '@/components/booking/ride-form';

/*
 * Issue 37 in the booking form (docs/requirements/rider.md#booking-by-form): pickup times every 15 minutes, today from
 * the first quarter hour at or after now in the operator's zone; a place field's error shows once the rider leaves it,
 * not while they type.
 */

jest.mock('@/lib/i18n/navigation', () => ({ useRouter: () => ({ push: jest.fn() }) }));
jest.mock('@/components/auth/session-store', () => ({ useSession: () => ({ me: null, status: 'ready' }) }));
jest.mock('@/components/booking/place-search', () => ({ findPlaces: async () => [], placeAt: async () => undefined }));

/** 13:07 on 10 March 2031 in Chennai. */
const NOW = new Date('2031-03-10T13:07:00+05:30');

beforeEach(() => {
  // the clock alone: timers stay real for React and the place search's debounce
  jest.useFakeTimers({ now: NOW, doNotFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'setImmediate', 'queueMicrotask', 'nextTick'] });
});
afterEach(() => jest.useRealTimers());

function renderForm() {
  return render(
    <NextIntlClientProvider locale="en-IN" messages={en} timeZone="Asia/Kolkata">
      <RideForm timeZone="Asia/Kolkata" defaultCountry="IN" packages={[]} onContinue={() => undefined} />
    </NextIntlClientProvider>,
  );
}

const timeOptions = (label: string) => Array.from((screen.getByLabelText(label) as HTMLSelectElement).options).map((o) => o.text);

describe('the booking form', () => {
  it('today at 13:07 in Kolkata offers Now, then 1:15 PM on in quarter hours; tomorrow from 10:00 AM round to 9:45 AM', () => {
    renderForm();
    fireEvent.change(screen.getByLabelText('Pickup date'), { target: { value: '2031-03-10' } });
    const today = timeOptions('Pickup time');
    expect(today.slice(0, 5)).toEqual(['Choose a time', 'Now', '1:15 PM', '1:30 PM', '1:45 PM']);
    expect(today.at(-1)).toBe('11:45 PM');
    expect(today).not.toContain('1:00 PM');

    fireEvent.change(screen.getByLabelText('Pickup date'), { target: { value: '2031-03-11' } });
    const tomorrow = timeOptions('Pickup time');
    expect(tomorrow).toHaveLength(2 + 96);
    expect(tomorrow.slice(2, 5)).toEqual(['10:00 AM', '10:15 AM', '10:30 AM']);
    expect(tomorrow.at(-1)).toBe('9:45 AM');
  });

  it('a time chosen for tomorrow stays shown when the date moves to today, though it has passed', () => {
    renderForm();
    fireEvent.change(screen.getByLabelText('Pickup date'), { target: { value: '2031-03-11' } });
    fireEvent.change(screen.getByLabelText('Pickup time'), { target: { value: '10:00' } });
    fireEvent.change(screen.getByLabelText('Pickup date'), { target: { value: '2031-03-10' } });
    expect(screen.getByLabelText('Pickup time')).toHaveValue('10:00');
    expect(timeOptions('Pickup time').slice(0, 4)).toEqual(['Choose a time', 'Now', '10:00 AM', '1:15 PM']);
  });

  it('a typed place not picked is not red while the rider types, only once they leave the field, and not again while they retype', () => {
    renderForm();
    const pickup = screen.getByRole('combobox', { name: 'Pickup location' });
    fireEvent.focus(pickup);
    fireEvent.change(pickup, { target: { value: 'Chennai' } });
    expect(pickup).not.toHaveAttribute('aria-invalid');
    expect(pickup).not.toHaveAccessibleDescription(/from the list/);
    // Continue's own line says what it still needs, in muted text
    expect(screen.getByTestId('continue-needs')).toHaveTextContent('Pick “Chennai” from the list of suggestions');
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();

    fireEvent.blur(pickup);
    expect(pickup).toHaveAttribute('aria-invalid', 'true');
    expect(pickup).toHaveAccessibleDescription('Pick “Chennai” from the list of suggestions');

    fireEvent.focus(pickup);
    fireEvent.change(pickup, { target: { value: 'Chennai C' } });
    expect(pickup).not.toHaveAttribute('aria-invalid');
    fireEvent.blur(pickup);
    expect(pickup).toHaveAccessibleDescription('Pick “Chennai C” from the list of suggestions');
  });
});
