/**
 * @jest-environment jsdom
 */
import '@testing-library/jest-dom';
import { render, screen } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import en from '@/messages/en.json';
import { PhoneField } from '@/components/auth/phone-field';

/*
 * Issue 37: a phone field showed "+91" twice, in the country badge ("IN +91") and again in the number
 * of a field given a phone (an edited driver, a signed-in rider). The calling code shows once, in the badge.
 */

function field(value: { dialCode: string; number: string } | undefined, defaultCountry = 'IN') {
  render(
    <NextIntlClientProvider locale="en" messages={en}>
      <PhoneField id="phone" value={value} onChange={() => {}} defaultCountry={defaultCountry} />
    </NextIntlClientProvider>,
  );
  const input = screen.getByLabelText('Phone number', { selector: 'input' }) as HTMLInputElement;
  // what the eye reads: the badge and the number (the country <select> is transparent over the badge)
  const seen = document.body.cloneNode(true) as HTMLElement;
  for (const select of seen.querySelectorAll('select')) select.remove();
  const shown = `${seen.textContent ?? ''} ${input.value}`;
  return { input, codes: (code: string) => shown.split(code).length - 1 };
}

describe('PhoneField (docs/requirements/rider.md#numbers-the-screens-use)', () => {
  it('shows a given Indian number without its calling code: "+91" appears once', () => {
    const { input, codes } = field({ dialCode: '91', number: '9876500012' });
    // the national form (libphonenumber's, with India's trunk 0), as a number typed without its code shows
    expect(input.value.replace(/\D/g, '')).toMatch(/^0?9876500012$/);
    expect(input.value).not.toContain('+');
    expect(codes('+91')).toBe(1);
  });

  it('does the same for a UAE number in a UAE field', () => {
    const { input, codes } = field({ dialCode: '971', number: '501234567' }, 'AE');
    expect(input.value.replace(/\D/g, '')).toMatch(/^0?501234567$/);
    expect(codes('+971')).toBe(1);
  });

  it('shows the code once on an empty field', () => {
    const { input, codes } = field(undefined);
    expect(input.value).toBe('');
    expect(codes('+91')).toBe(1);
  });
});
