'use client';

import { useRef, type FormEvent, type ReactNode } from 'react';
import { getCountryCallingCode, type Country } from 'react-phone-number-input/min';
import type { LEAD_CAMPAIGNS } from '@/lib/leads/schemas';

type Campaign = (typeof LEAD_CAMPAIGNS)[number];

/** The lead call is retried once after this many ms when it fails (docs/requirements/rider.md#contact-and-leads). */
const LEAD_RETRY_MS = 200;

/** The signup form's business name, e-mail and phone (+dial code and number), read when it is sent. */
function leadOf(form: HTMLFormElement): { name: string; email: string; phone: string } | undefined {
  const value = (selector: string) => form.querySelector<HTMLInputElement | HTMLSelectElement>(selector)?.value.trim() ?? '';
  const name = value('input[autocomplete="organization"]');
  const email = value('input[type="email"]');
  const typed = value('input[type="tel"]').replace(/[^\d+]/g, '');
  const country = value('select') as Country;
  if (!name || !email || !typed) return undefined;
  let phone = typed;
  if (!typed.startsWith('+')) {
    try {
      phone = `+${getCountryCallingCode(country)}${typed.replace(/^0+/, '')}`;
    } catch {
      return undefined;
    }
  }
  return { name, email, phone };
}

/**
 * Records a campaign page's signup as a lead (source campaign) when its form
 * is sent, without waiting for the code step; the lead call validates it
 * (name, e-mail and phone required) and the same details are sent only once.
 */
export function CampaignLeadCapture({ campaign, children }: { campaign?: Campaign; children: ReactNode }) {
  const lastSent = useRef('');
  const onSubmit = (event: FormEvent<HTMLDivElement>) => {
    if (!campaign || !(event.target instanceof HTMLFormElement)) return;
    const lead = leadOf(event.target);
    const signature = JSON.stringify(lead ?? null);
    if (!lead || signature === lastSent.current) return;
    lastSent.current = signature;
    const post = () =>
      fetch('/api/leads', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...lead, source: 'campaign', campaign }),
        credentials: 'same-origin',
        keepalive: true,
      });
    const retry = () => new Promise((resolve) => setTimeout(resolve, LEAD_RETRY_MS)).then(post);
    void post()
      .then((res) => (res.status >= 500 ? retry() : res))
      .catch(retry)
      .catch((error: unknown) => console.warn('campaign lead not recorded', error));
  };
  return <div onSubmit={onSubmit}>{children}</div>;
}
