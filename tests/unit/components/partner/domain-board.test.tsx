/**
 * @jest-environment jsdom
 */
import '@testing-library/jest-dom';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import en from '@/messages/en.json';
import { withQueryClient } from '../../query-wrapper';
import { DomainBoard } from '@/components/partner/hosting/domain-board';

/*
 * Issue 37: the Domain screen said a failed DNS check twice and marked the
 * (valid) domain field red; the records had no Copy buttons; Remove domain
 * removed at once (docs/requirements/partner.md#settings-integrations-and-domain).
 */

const m = en.DomainSettings;
const TXT = 'travelsx-verify=0123456789abcdef';
const view = (checked: boolean) => ({
  domain: 'cabs.example',
  verified: false,
  verifiedAt: null,
  checkedAt: checked ? '2026-12-03T06:00:00.000Z' : null,
  lastError: checked ? 'nxdomain' : null,
  records: [
    { type: 'CNAME', name: 'cabs.example', value: 'platform.localhost' },
    { type: 'TXT', name: '_travelsx-verify.cabs.example', value: TXT },
  ],
  live: null,
});

let requests: { path: string; method: string }[];
let checked: boolean;

beforeAll(() => {
  AbortSignal.timeout ??= () => new AbortController().signal;
});

beforeEach(() => {
  requests = [];
  checked = false;
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input);
    const method = init?.method ?? 'GET';
    requests.push({ path, method });
    let status = 200;
    let body: unknown = { success: true, data: view(checked) };
    if (method === 'POST') {
      checked = true;
      status = 400;
      body = { success: false, error: { code: 'dns_nxdomain', message: 'domain: The DNS says this name does not exist.', field: 'domain' } };
    }
    if (method === 'DELETE') body = { success: true, data: { ...view(false), domain: null, records: [] } };
    return { ok: status < 400, status, statusText: '', json: async () => body } as Response;
  }) as typeof fetch;
});

const show = () =>
  render(
    <NextIntlClientProvider locale="en-IN" messages={en} timeZone="Asia/Kolkata">
      {withQueryClient(<DomainBoard consoleOrigin="http://sunrise.localhost" />)}
    </NextIntlClientProvider>,
  );

test('a failed check is said once, under the records, with only the answer in red and the domain field unmarked', async () => {
  show();
  fireEvent.click(await screen.findByRole('button', { name: m.verify }));
  const said = await screen.findByRole('alert');
  await waitFor(() => expect(said).toHaveTextContent(m.errors.dns_nxdomain));
  // give the failed mutation's own handling its turn
  await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
  expect(screen.getAllByText(m.errors.dns_nxdomain, { exact: false })).toHaveLength(1);
  expect(screen.getByRole('textbox', { name: m.domainLabel })).not.toHaveAttribute('aria-invalid');
  expect(said).not.toHaveClass('bad');
  expect(within(said).getByText(m.errors.dns_nxdomain)).toHaveClass('bad');
});

test('Copy writes a record value to the clipboard and says Copied; without a clipboard it selects the value', async () => {
  const writeText = jest.fn(async () => undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  show();
  const txt = (await screen.findByRole('cell', { name: TXT })).closest('tr')!;
  fireEvent.click(within(txt).getByRole('button', { name: 'Copy the TXT value' }));
  await waitFor(() => expect(within(txt).getByRole('status')).toHaveTextContent(m.copied));
  expect(writeText).toHaveBeenCalledWith(TXT);

  Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
  const cname = screen.getByRole('cell', { name: 'platform.localhost' }).closest('tr')!;
  fireEvent.click(within(cname).getByRole('button', { name: 'Copy the CNAME value' }));
  await waitFor(() => expect(within(cname).getByRole('status')).toHaveTextContent(m.copySelected));
  expect(window.getSelection()?.toString()).toBe('platform.localhost');
});

test("Remove domain asks first: Keep domain removes nothing, the dialog's Remove domain removes", async () => {
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.open = false;
  };
  show();
  fireEvent.click(await screen.findByRole('button', { name: m.remove }));
  let dialog = screen.getByRole('alertdialog', { name: 'Remove cabs.example?' });
  fireEvent.click(within(dialog).getByRole('button', { name: m.keep }));
  expect(screen.queryByRole('alertdialog')).toBeNull();
  expect(requests.filter((r) => r.method === 'DELETE')).toHaveLength(0);

  fireEvent.click(screen.getByRole('button', { name: m.remove }));
  dialog = screen.getByRole('alertdialog', { name: 'Remove cabs.example?' });
  fireEvent.click(within(dialog).getByRole('button', { name: m.remove }));
  await waitFor(() => expect(requests.filter((r) => r.method === 'DELETE')).toHaveLength(1));
  await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
});
