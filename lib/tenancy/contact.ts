import type { Tenant } from './queries';

/** The operator's phone as E.164 (for tel: and wa.me links) and as shown to people. */
export function formatPhone(tenant: Pick<Tenant, 'phoneCode' | 'phone'>): { e164: string; display: string; digits: string } | undefined {
  const national = tenant.phone?.replace(/\D/g, '');
  if (!national) return undefined;
  const digits = `${tenant.phoneCode}${national}`;
  return { e164: `+${digits}`, digits, display: `+${tenant.phoneCode} ${national}` };
}

/** WhatsApp deep link with a prefilled message (docs/requirements/rider.md#booking-on-whatsapp), to the operator's WhatsApp number or else its support phone. */
export function whatsappLink(tenant: Pick<Tenant, 'phoneCode' | 'phone'> & Partial<Pick<Tenant, 'whatsappPhone'>>, text: string): string | undefined {
  const phone = formatPhone({ phoneCode: tenant.phoneCode, phone: tenant.whatsappPhone || tenant.phone });
  return phone ? `https://wa.me/${phone.digits}?text=${encodeURIComponent(text)}` : undefined;
}
