import { z } from 'zod';
import { endpoint } from '@/lib/api/endpoint';
import { confirmEmailChange, requestEmailChange } from '@/lib/auth/email-change';
import { emailSchema, otpSchema } from '@/lib/contact/identifiers';
import { clientIp } from '@/lib/http/client-ip';
import { requestMarket } from '@/lib/http/request-info';
import { PARTNER_ROLES } from '@/lib/partner/schemas';

/** A partner's new sign-in e-mail: sends a code to it (confirm with POST /api/profile/email/verify). */
export const POST = endpoint(
  { auth: PARTNER_ROLES, body: z.object({ email: emailSchema, locale: z.string().max(12).optional() }) },
  async ({ db, tenant, session, body, req }) => {
    await requestEmailChange(db, tenant, session, body.email, clientIp(req.headers), requestMarket(body.locale, tenant).lang);
    return { success: true, message: `A code is on its way to ${body.email}.` };
  },
);

/** Confirms the new sign-in e-mail with the code sent to it. */
export const VERIFY = endpoint({ auth: PARTNER_ROLES, body: z.object({ email: emailSchema, otp: otpSchema }) }, async ({ db, session, body }) => ({
  success: true,
  data: await confirmEmailChange(db, session, body.email, body.otp),
}));
