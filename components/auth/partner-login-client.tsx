'use client';

import { useRouter } from '@/lib/i18n/navigation';
import type { UserRole } from '@/lib/db/schema/users';
import { EmailLogin } from './email-login';
import { useSessionStore } from './session-store';

/** Partner e-mail login; after the code, the console home (on the platform's host: the operator's own console host). */
export function PartnerLoginClient({ userType, home }: { userType: UserRole; home: string }) {
  const router = useRouter();
  return (
    <EmailLogin
      userType={userType}
      onSuccess={async (data) => {
        if (data.redirect) {
          window.location.assign(data.redirect);
          return;
        }
        await useSessionStore.getState().refresh();
        router.replace(home);
      }}
    />
  );
}
