'use client';

import { apiCall } from '@/lib/api/client';
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
        await apiCall('/api/events', { body: { name: 'verify_phone_completed' } });
        await useSessionStore.getState().refresh();
        window.location.assign('/');
      }}
    />
  );
}
