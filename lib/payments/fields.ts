import type { User } from '@/lib/db/schema';
import { localizedPath, toLocaleTag, type Market } from '@/lib/i18n/markets';

/** Where the gateway sends the rider back: our origin as the rider reached it, and the rider's market. */
export type ReturnTo = { origin: string; market: Market };

export const CALLBACK_PATHS = { success: '/api/payments/payu/success', failure: '/api/payments/payu/failure' } as const;

/** Longest text PayU accepts in firstname and productinfo. */
const MAX_TEXT = 60;

/** Drops the hash separator and anything PayU refuses in names; collapses spaces. */
function clean(value: string | null | undefined): string {
  return (value ?? '')
    .replace(/[^\p{L}\p{N} .'-]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, MAX_TEXT);
}

const digits = (value: string | null | undefined) => (value ?? '').replace(/\D/g, '');

/**
 * firstname, email and phone of a rider for the checkout form. Riders sign in
 * by phone and may have no e-mail, which PayU requires: then the address is
 * derived from the phone on the reserved example.com domain (RFC 2606), which
 * never receives mail.
 */
export function riderFields(rider: Pick<User, 'name' | 'email' | 'phoneCode' | 'phone'>): { firstname: string; email: string; phone: string } {
  const phone = digits(rider.phone);
  const email =
    rider.email && /^[^\s@|]+@[^\s@|]+\.[^\s@|]+$/.test(rider.email) ? rider.email : `rider-${digits(rider.phoneCode)}${phone || 'unknown'}@example.com`;
  return { firstname: clean(rider.name) || 'Rider', email, phone };
}

/** PayU's product line: the ride's number within the operator. */
export const productInfo = (rideNumber: number) => `Ride #${rideNumber}`;

/** surl and furl on our origin; the locale rides along so the callback can answer in the rider's language. */
export function callbackUrls({ origin, market }: ReturnTo): { surl: string; furl: string } {
  const query = `?locale=${encodeURIComponent(toLocaleTag(market))}`;
  return { surl: `${origin}${CALLBACK_PATHS.success}${query}`, furl: `${origin}${CALLBACK_PATHS.failure}${query}` };
}

/** The page a callback answers 303 to: the paid confirmation, or the payment-failed page. */
export function returnPath(market: Market, rideId: number, paid: boolean): string {
  return paid ? `${localizedPath(market, '/ride/confirmed')}?paid=1&rideId=${rideId}` : `${localizedPath(market, '/pay/failed')}?rideId=${rideId}`;
}

/** Gateway fields not worth keeping (card details, even masked). */
const DROPPED = new Set(['cardnum', 'name_on_card', 'cardhash', 'card_token', 'cardToken']);
const MAX_KEPT_FIELDS = 80;
const MAX_KEPT_LENGTH = 500;

/** The gateway's answer as stored on the payment: string fields only, capped, without card details. */
export function keptResponse(fields: Record<string, unknown>): Record<string, string> {
  const kept = Object.entries(fields).filter(([name, value]) => typeof value === 'string' && !DROPPED.has(name) && name.length <= 64);
  return Object.fromEntries(kept.slice(0, MAX_KEPT_FIELDS).map(([name, value]) => [name, (value as string).slice(0, MAX_KEPT_LENGTH)]));
}
