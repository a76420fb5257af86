import { z } from 'zod';
import { endpoint, jsonAt } from '@/lib/api/endpoint';
import { requestMarket, requestScheme } from '@/lib/http/request-info';
import { verifyCode } from '@/lib/auth/login';
import { verifyCodeSchema } from '@/lib/auth/schemas';
import { CODE_REQUEST_COOKIE, sessionCookie } from '@/lib/auth/cookies';

const bodySchema = z.intersection(verifyCodeSchema, z.object({ locale: z.string().max(12).optional() }));

/**
 * Verifies a code and signs in (login, booking-signup) or creates the business (signup). Answers lp_id and user_id;
 * on the platform's host, for an e-mail of several businesses, `choices` instead (send the same code again with `business`).
 */
export const POST = endpoint({ body: bodySchema }, async ({ db, tenant, body, req, cookie }) => {
  const result = await verifyCode(db, tenant, body, {
    request: cookie(CODE_REQUEST_COOKIE),
    host: req.headers.get('host') ?? '',
    scheme: requestScheme(req),
    userAgent: req.headers.get('user-agent'),
    market: requestMarket(body.locale, tenant),
  });
  const response = jsonAt(
    {
      success: true,
      data: {
        lp_id: result.businessId ?? null,
        user_id: result.user?.id ?? null,
        user_type: result.user?.role ?? null,
        redirect: result.redirect ?? null,
        choices: result.choices ?? null,
      },
    },
    200,
  );
  if (result.token) response.headers.append('set-cookie', sessionCookie(result.token));
  return response;
});
