import { z } from 'zod';
import { endpoint } from '@/lib/api/endpoint';
import { clientIp } from '@/lib/http/client-ip';
import { requestMarket } from '@/lib/http/request-info';
import { sendCode } from '@/lib/auth/login';
import { sendCodeSchema } from '@/lib/auth/schemas';
import { OTP } from '@/lib/auth/constants';

const bodySchema = z.intersection(sendCodeSchema, z.object({ locale: z.string().max(12).optional() }));

/** Sends a one-time code. The answer is the same whether or not the e-mail or phone is known. */
export const POST = endpoint({ body: bodySchema }, async ({ db, tenant, body, req }) => {
  const market = requestMarket(body.locale, tenant);
  await sendCode(db, tenant, { ...body, lang: market.lang }, clientIp(req.headers));
  return { success: true, message: 'If the details are right, a code is on its way.', resendAfterSeconds: OTP.RESEND_AFTER_MS / 1000 };
});
