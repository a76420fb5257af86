'use client';

import type { ReactNode } from 'react';
import { useFormatter } from 'next-intl';
import type { AccountStatus } from '@/lib/db/schema/fleet';
import ui from '@/components/ui/ui.module.css';
import type { FleetCounters } from '@/lib/fleet/counters';
import type { UseQueryResult } from '@tanstack/react-query';
import styles from './fleet.module.css';
import { Switch } from '@/components/ui/switch';

export type FleetNamespace = 'FleetVehicles' | 'FleetDrivers' | 'FleetAgencies';

/** The message key of each account status, in FleetDrivers and FleetAgencies. */
export const STATUS_KEY = { pending: 'statusPending', Verified: 'statusVerified', Blocked: 'statusBlocked' } as const;

/** Up to two initials, for the avatar of a driver or company without a photo. */
export const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => [...part][0]!.toUpperCase())
    .join('');

/** Total / Online / Offline. */
export function Counters({ counters, label, names }: { counters: FleetCounters | undefined; label: string; names: Record<keyof FleetCounters, string> }) {
  const format = useFormatter();
  return (
    <dl className={styles.counters} aria-label={label}>
      {(['total', 'online', 'offline'] as const).map((key) => (
        <div key={key} className={styles.counter} data-kind={key}>
          <dt>{names[key]}</dt>
          <dd>{counters ? format.number(counters[key]) : '–'}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Account status badge: Verified reads as active, pending as pending, Blocked as inactive. */
export function StatusBadge({ status, label }: { status: AccountStatus; label: string }) {
  return (
    <span className={styles.badge} data-status={status}>
      {label}
    </span>
  );
}

export function OnlineBadge({ online, label }: { online: boolean; label: string }) {
  return (
    <span className={styles.badge} data-online={online}>
      {label}
    </span>
  );
}

/** An on/off switch (role switch) named by `label`. */
export function OnlineSwitch({ on, label, busy, onChange }: { on: boolean; label: string; busy?: boolean; onChange: (next: boolean) => void }) {
  return <Switch checked={on} aria-label={label} disabled={busy} onChange={onChange} />;
}

/** Loading, load failure with a retry, empty state with its action, or the list (kept on screen when a later read fails). */
export function ListState<T>({
  list,
  isEmpty,
  texts,
  onRetry,
  emptyAction,
  children,
}: {
  list: Pick<UseQueryResult<T>, 'data' | 'isError' | 'isFetching'>;
  isEmpty: (data: T) => boolean;
  texts: { loading: string; loadFailed: string; retry: string; empty: string };
  onRetry: () => void;
  emptyAction: ReactNode;
  children: (data: T) => ReactNode;
}) {
  const failed = list.isError && !list.isFetching;
  if (list.data === undefined && !failed)
    return (
      <p aria-busy="true" className={styles.state}>
        {texts.loading}
      </p>
    );
  if (list.data === undefined)
    return (
      <div className={styles.state}>
        <p>{texts.loadFailed}</p>
        <button type="button" className={`${ui.button} ${ui.secondary}`} onClick={onRetry}>
          {texts.retry}
        </button>
      </div>
    );
  if (isEmpty(list.data))
    return (
      <div className={styles.empty}>
        <p>{texts.empty}</p>
        {emptyAction}
      </div>
    );
  return <>{children(list.data)}</>;
}
