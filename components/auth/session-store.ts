'use client';

import { useEffect, useSyncExternalStore } from 'react';
import { apiCall } from '@/lib/api/client';
import type { UserRole } from '@/lib/db/schema/users';

export type Me = {
  lp_id: number;
  user_id: number;
  user_type: UserRole;
  name: string;
  email: string;
  country_code: string;
  phone_number: string;
  business_name: string;
};

type State = { status: 'loading' | 'ready'; me: Me | null };

let state: State = { status: 'loading', me: null };
let inflight: Promise<void> | null = null;
const listeners = new Set<() => void>();

function set(next: State) {
  state = next;
  // localStorage mirrors only non-secret ids (spec 000 §3); the session itself is an httpOnly cookie.
  if (next.me) {
    localStorage.setItem('user_id', String(next.me.user_id));
    localStorage.setItem('lp_id', String(next.me.lp_id));
    localStorage.setItem('user_type', next.me.user_type);
  } else if (next.status === 'ready') {
    for (const key of ['user_id', 'user_type']) localStorage.removeItem(key);
  }
  listeners.forEach((l) => l());
}

/** Reloads the signed-in user from /api/auth/me. */
export function refreshMe(): Promise<void> {
  inflight ??= apiCall<{ data: Me | null }>('/api/auth/me')
    .then((result) => set({ status: 'ready', me: result.ok ? result.data.data : null }))
    .finally(() => {
      inflight = null;
    });
  return inflight;
}

export async function signOut(): Promise<void> {
  await apiCall('/api/auth/logout', { body: {} });
  set({ status: 'ready', me: null });
}

/** The signed-in user of this host (loaded once per page, shared by every component). */
export function useMe(): State {
  const snapshot = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
    () => state,
  );
  useEffect(() => {
    if (snapshot.status === 'loading') void refreshMe();
  }, [snapshot.status]);
  return snapshot;
}
