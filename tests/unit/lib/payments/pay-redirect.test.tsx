/**
 * @jest-environment jsdom
 */
import '@testing-library/jest-dom';
import { StrictMode, type ReactNode } from 'react';
import { act, render, screen } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import en from '@/messages/en.json';
import { PayRedirect } from '@/components/payments/pay-redirect';

jest.mock('@/lib/i18n/navigation', () => ({
  Link: ({ href, children, ...rest }: { href: string; children: ReactNode }) => (
    <a href={href} {...rest}>
      {children}
    </a>
  ),
}));

const FORM = {
  key: 'k',
  txnid: 'Tabc',
  amount: '2450.50',
  productinfo: 'Ride #7',
  firstname: 'Asha',
  email: 'a@example.in',
  phone: '9845012345',
  surl: 'http://x/s',
  furl: 'http://x/f',
  hash: 'h',
};
let answer: { status: number; body: unknown };
let submits: HTMLFormElement[];

beforeAll(() => {
  AbortSignal.timeout ??= () => new AbortController().signal;
});

beforeEach(() => {
  jest.useFakeTimers();
  submits = [];
  jest.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function submit(this: HTMLFormElement) {
    submits.push(this);
  });
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  global.fetch = jest.fn(
    async () => ({ ok: answer.status < 400, status: answer.status, statusText: '', json: async () => answer.body }) as Response,
  ) as typeof fetch;
});
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

const renderPage = () =>
  render(
    <StrictMode>
      <NextIntlClientProvider locale="en-IN" messages={en}>
        <PayRedirect txnId="Tabc" />
      </NextIntlClientProvider>
    </StrictMode>,
  );

it('shows the notice and posts the hidden form with every field once, 500 ms after the data arrives, under strict mode', async () => {
  answer = { status: 200, body: { success: true, data: FORM, action: 'https://test.payu.in/_payment' } };
  renderPage();
  expect(screen.getByText('Redirecting to payment gateway...')).toBeInTheDocument();
  await act(async () => undefined);
  expect(global.fetch).toHaveBeenCalledWith('/api/payments/Tabc?locale=en-IN', expect.anything());
  await act(async () => jest.advanceTimersByTime(499));
  expect(submits).toHaveLength(0);
  await act(async () => jest.advanceTimersByTime(5000));
  expect(submits).toHaveLength(1);
  const [form] = submits;
  expect(form.method).toBe('post');
  expect(form.action).toBe('https://test.payu.in/_payment');
  expect(Object.fromEntries(new FormData(form))).toEqual(FORM);
});

it('says why when the data cannot be loaded and offers a way back, posting nothing', async () => {
  answer = { status: 409, body: { success: false, error: { code: 'conflict', message: 'This payment is already complete.' } } };
  renderPage();
  await act(async () => undefined);
  await act(async () => jest.advanceTimersByTime(2000));
  expect(screen.getByRole('alert')).toHaveTextContent('We could not open the payment: This payment is already complete.');
  expect(screen.getByRole('link', { name: 'Back to my rides' })).toHaveAttribute('href', '/user/rides');
  expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  expect(submits).toHaveLength(0);
});
