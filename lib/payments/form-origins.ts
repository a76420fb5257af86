import type { Env } from '@/lib/env';
import { PAYU_ENDPOINTS } from './payu';

/** Origins the payment page's form may post to (the CSP form-action list): the configured PayU endpoint. */
export function paymentFormOrigins(config: Pick<Env, 'PAYU_ENDPOINT' | 'PAYU_MODE'>): string[] {
  return [new URL(config.PAYU_ENDPOINT ?? PAYU_ENDPOINTS[config.PAYU_MODE]).origin];
}
