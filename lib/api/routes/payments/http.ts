import 'server-only';
import { endpoint } from '@/lib/api/endpoint';
import { DomainError } from '@/lib/errors/domain-error';
import { requestMarket, requestScheme } from '@/lib/http/request-info';
import { logger } from '@/lib/log';
import type { Tenant } from '@/lib/tenancy/queries';
import { completePayment, type PaymentOutcome } from '@/lib/payments/commands';
import type { Context } from 'hono';
import { requirePayu } from '@/lib/payments/config';
import { getDb } from '@/lib/db/client';
import { resolveTenantForHost } from '@/lib/tenancy/resolve';
import { returnPath, type ReturnTo } from '@/lib/payments/fields';
import { payuCallbackSchema } from '@/lib/payments/schemas';

/**
 * Answers 404 "Card payments are not configured." before anything else while
 * the operator of the Host has no PayU account of its own and PAYU_KEY or
 * PAYU_SALT is missing.
 */
export function cardOnly<H extends (c: Context, ...rest: never[]) => unknown>(handler: H): H {
  return (async (c: Context, ...rest: never[]) => {
    const resolved = await resolveTenantForHost(c.req.raw.headers.get('host'));
    if (resolved) await requirePayu(await getDb(), resolved.tenant.id);
    return handler(c, ...rest);
  }) as unknown as H;
}

/** The origin the rider reached us on (already resolved to this tenant) and the market of `locale`. */
export function returnToFor(req: Request, tenant: Pick<Tenant, 'countryCode' | 'language'>, locale: string | undefined): ReturnTo {
  return { origin: `${requestScheme(req)}://${req.headers.get('host')}`, market: requestMarket(locale, tenant) };
}

/**
 * PayU's surl or furl: a cross-site, form-encoded POST without a session,
 * authenticated by the reverse hash; answers 303 to the confirmation or the
 * payment-failed page. Refusals answer 400 and change nothing.
 */
export function payuCallback(outcome: PaymentOutcome) {
  return cardOnly(
    endpoint({ crossSite: true, body: payuCallbackSchema }, async ({ url, db, tenant, body }) => {
      const result = await completePayment(db, body, outcome, tenant.id).catch((error: unknown) => {
        if (error instanceof DomainError) logger.warn({ txnid: body.txnid, outcome, reason: error.message }, 'payment callback refused');
        throw error;
      });
      const market = requestMarket(url.searchParams.get('locale') ?? undefined, tenant);
      const location = returnPath(market, result.rideNumber, result.status === 'success');
      return new Response(null, { status: 303, headers: { location, 'cache-control': 'no-store' } });
    }),
  );
}
