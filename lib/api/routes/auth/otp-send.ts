import { z } from 'zod';
import { endpoint, jsonAt } from '@/lib/api/endpoint';
import { clientIp } from '@/lib/http/client-ip';
import { requestMarket } from '@/lib/http/request-info';
import { sendCode } from '@/lib/auth/login';
import { sendCodeSchema } from '@/lib/auth/schemas';
import { OTP } from '@/lib/auth/constants';
import { CODE_REQUEST_COOKIE, codeRequestCookie } from '@/lib/auth/cookies';
import { newToken } from '@/lib/crypto/tokens';

const bodySchema = z.intersection(sendCodeSchema, z.object({ locale: z.string().max(12).optional() }));

/**
 * Sends a one-time code, bound to this browser's request: the answer sets the
 * code-request cookie the verification must carry. The answer is the same
 * whether or not the e-mail or phone is known.
 */
export const POST = endpoint({ body: bodySchema }, async ({ db, tenant, body, req, cookie }) => {
  const market = requestMarket(body.locale, tenant);
  const token = newToken();
  await sendCode(db, tenant, { ...body, lang: market.lang }, { ip: clientIp(req.headers), token, replaces: cookie(CODE_REQUEST_COOKIE) });
  const response = jsonAt({ success: true, message: 'If the details are right, a code is on its way.', resendAfterSeconds: OTP.RESEND_AFTER_MS / 1000 }, 200);
  response.headers.append('set-cookie', codeRequestCookie(token, OTP.TTL_MS / 1000));
  return response;
});
