'use client';

import { useRouter } from '@/lib/i18n/navigation';
import type { UserRole } from '@/lib/db/schema/users';
import { EmailLogin } from './email-login';
import { useSessionStore } from './session-store';

/** Partner e-mail login; after the code, the console home. */
export function PartnerLoginClient({ userType, home }: { userType: UserRole; home: string }) {
  const router = useRouter();
  return (
    <EmailLogin
      userType={userType}
      onSuccess={async () => {
        await useSessionStore.getState().refresh();
        router.replace(home);
      }}
    />
  );
}
