'use client';

import { useEffect } from 'react';
import { create } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import type { api, ApiDataOf } from '@/lib/api/typed-client';

/**
 * The typed API client, loaded after first paint (the session is read in an effect): its code
 * (hono's client) is not part of the pages' first-load JavaScript (issue 17).
 */
const client = () => import('@/lib/api/typed-client');

/** The signed-in user as GET /api/auth/me answers it (lib/auth/views.ts userView). */
export type Me = NonNullable<ApiDataOf<typeof api.auth.me.$get>>;

type SessionState = {
  status: 'loading' | 'ready';
  me: Me | null;
  /** Reloads the signed-in user from /api/auth/me (one call at a time). */
  refresh: () => Promise<void>;
  signOut: () => Promise<void>;
};

let inflight: Promise<void> | null = null;

/** localStorage mirrors only non-secret ids (docs/requirements/rider.md#what-the-browser-keeps); the session itself is an httpOnly cookie. */
function mirror(me: Me | null): void {
  if (me) {
    localStorage.setItem('user_id', String(me.user_id));
    localStorage.setItem('lp_id', String(me.lp_id));
    localStorage.setItem('user_type', me.user_type);
  } else {
    for (const key of ['user_id', 'user_type']) localStorage.removeItem(key);
  }
}

/** The signed-in user of this host, shared by every component of the page. */
export const useSessionStore = create<SessionState>()((set) => {
  const settle = (me: Me | null) => {
    mirror(me);
    set({ status: 'ready', me });
  };
  return {
    status: 'loading',
    me: null,
    refresh: () => {
      inflight ??= client()
        .then(({ api, typedCall, within }) => typedCall(api.auth.me.$get(undefined, within())))
        .then(
          (result) => settle(result.ok ? result.data.data : null),
          () => settle(null),
        )
        .finally(() => {
          inflight = null;
        });
      return inflight;
    },
    signOut: async () => {
      const { api, typedCall, within } = await client();
      await typedCall(api.auth.logout.$post(undefined, within()));
      settle(null);
    },
  };
});

/** The session for a component: loaded on first use, then shared. */
export function useSession(): Pick<SessionState, 'status' | 'me'> {
  const session = useSessionStore(useShallow((s) => ({ status: s.status, me: s.me })));
  useEffect(() => {
    if (session.status === 'loading') void useSessionStore.getState().refresh();
  }, [session.status]);
  return session;
}
