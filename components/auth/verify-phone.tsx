'use client';

import { api, typedCall, within } from '@/lib/api/typed-client';
import { EmailLogin } from './email-login';
import { useSession, useSessionStore } from './session-store';

/** Code popup for the partner's stored business e-mail; success records the event and returns to the base route. */
export function VerifyPhone() {
  const { status, me } = useSession();
  if (status === 'loading') return null;
  const stored = typeof window === 'undefined' ? '' : (localStorage.getItem('business_email') ?? '');
  return (
    <EmailLogin
      userType="travelsx-partner"
      defaultEmail={me?.email || stored}
      onClose={() => window.location.assign('/')}
      onSuccess={async () => {
        await typedCall(api.events.$post({ json: { name: 'verify_phone_completed' } }, within()));
        await useSessionStore.getState().refresh();
        window.location.assign('/');
      }}
    />
  );
}
