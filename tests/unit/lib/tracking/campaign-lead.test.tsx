/**
 * @jest-environment jsdom
 */
import '@testing-library/jest-dom';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import en from '@/messages/en.json';
import { PartnerSignup } from '@/components/auth/partner-signup';
import { CampaignLeadCapture } from '@/components/leads/campaign-lead';

let calls: { url: string; body: Record<string, unknown> }[] = [];

beforeAll(() => {
  AbortSignal.timeout ??= () => new AbortController().signal;
  // jsdom has no <dialog> modal support (the code dialog opens after sending).
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    addEventListener() {},
    removeEventListener() {},
    addListener() {},
    removeListener() {},
    onchange: null,
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
});

beforeEach(() => {
  calls = [];
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(input), body: JSON.parse(String(init?.body)) });
    return { ok: true, status: 200, statusText: '', json: async () => ({ success: true, resendAfterSeconds: 30 }) } as Response;
  }) as typeof fetch;
});

function renderCampaign(campaign?: 'campaign-driver') {
  return render(
    <NextIntlClientProvider locale="en-IN" messages={en}>
      <CampaignLeadCapture campaign={campaign}>
        <PartnerSignup variant="travel" title="Get started" defaultCountry="IN" headingLevel="h2" />
      </CampaignLeadCapture>
    </NextIntlClientProvider>,
  );
}

function fillAndSend() {
  fireEvent.change(screen.getByLabelText('Business name'), { target: { value: 'Karthik Travels' } });
  fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'k@travels.example' } });
  fireEvent.change(screen.getByLabelText('Phone number', { selector: 'input' }), { target: { value: '98765 43210' } });
  fireEvent.submit(screen.getByRole('button', { name: 'Continue' }).closest('form')!);
}

describe('campaign page signups', () => {
  it('record a lead (source campaign) with name, e-mail and phone when the form is sent', async () => {
    renderCampaign('campaign-driver');
    fillAndSend();
    await waitFor(() => expect(calls.some((c) => c.url === '/api/leads')).toBe(true));
    expect(calls.find((c) => c.url === '/api/leads')!.body).toEqual({
      name: 'Karthik Travels',
      email: 'k@travels.example',
      phone: '+919876543210',
      source: 'campaign',
      campaign: 'campaign-driver',
    });
  });

  it('record nothing on the ordinary partner signup', async () => {
    renderCampaign();
    fillAndSend();
    await waitFor(() => expect(calls.length).toBeGreaterThan(0));
    expect(calls.some((c) => c.url === '/api/leads')).toBe(false);
  });
});
