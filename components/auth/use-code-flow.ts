'use client';

import { useCallback, useEffect, useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import type { api, ApiDataOf, ApiFailure } from '@/lib/api/typed-client';
import { useApiErrorText } from '@/components/ui/use-api-error';

/** The typed API client, loaded when a code is first asked for (not in the login page's first-load JavaScript). */
const client = () => import('@/lib/api/typed-client');
import type { UserRole } from '@/lib/db/schema/users';
import type { Feature } from '@/lib/auth/constants';

export type Identity = { email?: string; countryCode?: string; phoneNumber?: string };
/** What POST /api/auth/otp/verify answers: the business, the user, their role and where to go next. */
export type VerifyData = ApiDataOf<typeof api.auth.otp.verify.$post>;
type Extra = { businessName?: string; userName?: string };

const RESEND_SECONDS = 30;

/** Drives send -> code -> verify against /api/auth/otp, with the resend countdown and translated errors. */
export function useCodeFlow(userType: UserRole, feature: Feature) {
  const locale = useLocale();
  const tErr = useTranslations('AuthErrors');
  const tAuth = useTranslations('Auth');
  const apiErrorText = useApiErrorText();
  const [identity, setIdentity] = useState<(Identity & Extra) | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const [resendIn, setResendIn] = useState(0);

  useEffect(() => {
    if (resendIn <= 0) return;
    const timer = setTimeout(() => setResendIn((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [resendIn]);

  const explain = useCallback(
    (failure: ApiFailure) => (tErr.has(failure.code as 'generic') ? tErr(failure.code as 'generic') : apiErrorText(failure)),
    [tErr, apiErrorText],
  );

  const send = useCallback(
    async (next: Identity & Extra, isResend = false) => {
      setBusy(true);
      setError(undefined);
      setNotice(undefined);
      const { api, typedCall, within } = await client();
      const result = await typedCall(api.auth.otp.send.$post({ json: { userType, feature, locale, ...next } }, within()));
      setBusy(false);
      if (!result.ok) {
        setError(explain(result.error));
        if (result.error.code !== 'resend_too_soon' && !isResend) return false;
      } else {
        setResendIn(RESEND_SECONDS);
        if (isResend) setNotice(tAuth('resent'));
      }
      setIdentity(next);
      return true;
    },
    [userType, feature, locale, explain, tAuth],
  );

  const verify = useCallback(
    async (otp: string, choice: { business?: string } = {}): Promise<VerifyData | undefined> => {
      if (!identity) return undefined;
      setBusy(true);
      setError(undefined);
      const { api, typedCall, within } = await client();
      const result = await typedCall(
        api.auth.otp.verify.$post(
          {
            json: {
              userType,
              feature,
              locale,
              otp,
              platform: 'web',
              appName: window.location.host,
              createIsoTime: new Date().toISOString(),
              ...identity,
              ...choice,
            },
          },
          within(),
        ),
      );
      setBusy(false);
      if (!result.ok) {
        setError(explain(result.error));
        return undefined;
      }
      return result.data.data;
    },
    [identity, userType, feature, locale, explain],
  );

  const reset = useCallback(() => {
    setIdentity(null);
    setError(undefined);
    setNotice(undefined);
  }, []);

  return { identity, busy, error, notice, resendIn, send, verify, reset, resend: () => identity && send(identity, true) };
}
