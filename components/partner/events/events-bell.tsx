'use client';

import { useEffect, useId, useRef, useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { useDismiss } from '@/components/ui/use-dismiss';
import { useQueryClient } from '@tanstack/react-query';
import { useSession } from '@/components/auth/session-store';
import { useBannerStore } from '@/components/push/banner-store';
import { ensureSubscription, registerServiceWorker, sendStoredSubscription } from '@/components/push/push-client';
import { useRideEvents } from '@/components/ui/use-ride-events';
import { Link } from '@/lib/i18n/navigation';
import { formatTime } from '@/lib/i18n/format';
import { EVENT_PAGE_SIZE } from '@/lib/partner/schemas';
import type { RideEventRow } from '@/lib/partner/events';
import { queryKeys } from '@/lib/query-keys';
import type { ConsoleArea } from '../sections';
import { useRideEventLog } from '../queries';
import styles from './events.module.css';
import { seenKey, useSeenStore } from './seen-store';

/** The bell reads today's newest events (the board's first page: the same query, one request); more unseen than this shows "25+". */
const BELL_QUERY = new URLSearchParams({ window: 'today', rideId: '', page: '0', size: String(EVENT_PAGE_SIZE) }).toString();
/** Events the panel lists. */
const SHOWN = 8;
/** Changes arriving together read the log once. */
const REREAD_MS = 300;

/** Every ride event query (the bell's and the table's, whatever their filter). */
const EVENT_LOGS = queryKeys.partner.events('').slice(0, 2);
const newer = (row: RideEventRow, seen: string) => Date.parse(row.createdAt) > Date.parse(seen);

/**
 * The ride event page's notifications icon (docs/requirements/partner.md#ride-events): a bell with the number of ride
 * events since this user last opened it, kept live by the business's socket.io ride changes; it opens a panel of the
 * newest events (label, ride, time) linking to the ride on the board, and opening it marks them seen. While this
 * browser does not show notifications, the panel offers to turn them on (the rider site's push code): the server then
 * pushes each ride event to this device (lib/rides/push-listener.ts), the console open or not.
 */
export function EventsBell({ area, timeZone }: { area: ConsoleArea; timeZone: string }) {
  const t = useTranslations('RideEvents');
  const locale = useLocale();
  const id = useId();
  const client = useQueryClient();
  const userId = useSession().me?.user_id;
  const log = useRideEventLog(BELL_QUERY);
  const storageKey = userId ? seenKey(userId) : null;
  // undefined until read from the browser's storage, then the stored last look or null
  const stored = useSeenStore((s) => (storageKey ? s.seen[storageKey] : undefined));
  useEffect(() => {
    if (storageKey) useSeenStore.getState().load(storageKey);
  }, [storageKey]);
  const seen = stored && !Number.isNaN(Date.parse(stored)) ? stored : null;
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const items = log.data?.items ?? [];
  const newest = items[0]?.createdAt ?? null;

  // a first visit (nothing stored yet) starts from today's newest event: nothing is new until the next one
  useEffect(() => {
    if (storageKey && stored !== undefined && log.data && !seen) useSeenStore.getState().markSeen(storageKey, log.data.items[0]?.createdAt ?? log.data.since);
  }, [storageKey, stored, log.data, seen]);

  const unseen = seen ? items.filter((row) => newer(row, seen)).length : 0;
  const countText = unseen >= EVENT_PAGE_SIZE ? `${EVENT_PAGE_SIZE}+` : String(unseen);

  // a ride change of the business: read the log again (the bell and the table under it)
  const reread = useRef<ReturnType<typeof setTimeout>>(undefined);
  useRideEvents(
    () => {
      clearTimeout(reread.current);
      reread.current = setTimeout(() => void client.invalidateQueries({ queryKey: EVENT_LOGS }), REREAD_MS);
    },
    true,
    () => void log.refetch(),
  );
  useEffect(() => () => clearTimeout(reread.current), []);

  // opening marks the listed events seen (and one arriving while it is open)
  useEffect(() => {
    if (open && storageKey && newest && (!seen || Date.parse(newest) > Date.parse(seen))) useSeenStore.getState().markSeen(storageKey, newest);
  }, [open, newest, seen, storageKey]);

  // Escape or a click elsewhere closes; Escape gives the focus back to the bell
  useDismiss(open, () => setOpen(false), [panel, button], button);

  return (
    <div className={styles.bellWrap}>
      <button
        ref={button}
        type="button"
        className={styles.bell}
        aria-label={t('bellLabel', { count: unseen })}
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        data-unseen={unseen}
        onClick={() => setOpen((o) => !o)}
      >
        <BellIcon />
        {unseen > 0 ? (
          <span className={styles.bellCount} aria-hidden="true">
            {countText}
          </span>
        ) : null}
      </button>
      <p role="status" className="visually-hidden">
        {unseen > 0 ? t('bellAnnounce', { count: unseen }) : ''}
      </p>
      <div ref={panel} id={`${id}-panel`} className={styles.bellPanel} hidden={!open} role="region" aria-labelledby={`${id}-heading`}>
        <h2 id={`${id}-heading`} className={styles.bellHeading}>
          {t('bellTitle')}
        </h2>
        {items.length ? (
          <ul className={styles.bellList}>
            {items.slice(0, SHOWN).map((row, index) => (
              <li key={`${row.rideId}-${row.toStatus}-${row.createdAt}-${index}`} data-new={(seen !== null && newer(row, seen)) || undefined}>
                <Link href={{ pathname: `/${area}/rides`, query: { q: String(row.rideId) } }} className={styles.bellItem} onClick={() => setOpen(false)}>
                  <span className={styles.bellLabel}>{t(`labels.${row.toStatus}`)}</span>
                  <span>{t('bellRide', { id: row.rideId })}</span>
                  <time dateTime={row.createdAt} className={styles.bellTime}>
                    {formatTime(row.createdAt, locale, timeZone)}
                  </time>
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <p className={styles.bellEmpty}>{log.isError ? t('loadError') : t('bellEmpty')}</p>
        )}
        <EnableNotifications userId={userId} />
      </div>
    </div>
  );
}

/** "Enable notifications" while this browser does not show them to this user (the rider site's banner store and subscription). */
function EnableNotifications({ userId }: { userId: number | undefined }) {
  const t = useTranslations('RideEvents');
  const state = useBannerStore((s) => s.state);
  const sync = useBannerStore((s) => s.sync);
  const enable = useBannerStore((s) => s.enable);
  useEffect(() => sync(), [sync]);
  // granted (now or earlier): keep this device subscribed and tell the server whose it is
  useEffect(() => {
    if (state !== 'granted' || !userId) return;
    void registerServiceWorker();
    void ensureSubscription().then((json) => (json ? sendStoredSubscription(userId) : undefined));
  }, [state, userId]);
  if (state === 'granted' || state === 'unsupported' || state === 'pending') return null;
  if (typeof Notification !== 'undefined' && Notification.permission === 'denied') return <p className={styles.bellHint}>{t('notificationsBlocked')}</p>;
  return (
    <p className={styles.bellHint}>
      {t('notificationsOff')}{' '}
      <button type="button" className={styles.bellEnable} onClick={() => void enable()}>
        {t('enableNotifications')}
      </button>
    </p>
  );
}

function BellIcon() {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z"
      />
    </svg>
  );
}
