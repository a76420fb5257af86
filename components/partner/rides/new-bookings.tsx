'use client';

import { useEffect, useId, useRef, useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { formatDateTime, formatMoney } from '@/lib/i18n/format';
import { BottomSheet } from '@/components/ui/bottom-sheet';
import { useLiveRides } from '@/components/data/ride-events';
import ui from '@/components/ui/ui.module.css';
import { RideActionDialog } from './ride-action-dialog';
import { fetchPartnerRide } from './api';
import type { ActionKind, PartnerRide } from './types';
import { StartCodeLine } from './start-code-line';
import { PhoneNumber } from '@/components/ui/phone-link';
import styles from './rides.module.css';
import { useVehicleName } from '@/components/ui/vehicle-name';
import { coalesce } from '@/components/ui/coalesce';
import { Link } from '@/lib/i18n/navigation';

const SOUND = '/sounds/new-booking.wav';

function playSound() {
  const audio = new Audio(SOUND);
  audio.play().catch((error: unknown) => console.warn('sound could not play', error));
}

/** The newest bookings shown as cards; older ones are counted, with a link to the board. */
const MAX_CARDS = 5;
/** Bookings arriving together are read and announced (one sound) together: at once after a quiet spell, then at most this often. */
const ANNOUNCE_GAP_MS = 1000;

/** The cards, and the bookings of the spell not shown as cards that still wait (left as a driver takes them). */
type Sheet = { cards: PartnerRide[]; more: ReadonlySet<number> };

/**
 * The bookings that arrived live and still wait for the operator: each booked event's ride is read (only the
 * newest MAX_CARDS of a burst; the others are counted) and announced with one sound per burst; a ride that
 * leaves `booked` (a driver accepted it, the rider cancelled) leaves the sheet, read or not yet
 * (docs/architecture/events.md#live-screens-under-load).
 */
function useNewBookingSheet(): [Sheet, (update: (sheet: Sheet) => Sheet) => void] {
  const [sheet, setSheet] = useState<Sheet>({ cards: [], more: new Set() });
  const waiting = useRef<number[]>([]);
  const gone = useRef(new Set<number>());
  const announcer = useRef<ReturnType<typeof coalesce> | null>(null);
  useEffect(() => {
    const announce = coalesce(
      async () => {
        const arrived = waiting.current;
        waiting.current = [];
        gone.current.clear();
        const newest = arrived.slice(-MAX_CARDS).reverse();
        const read = await Promise.all(newest.map((id) => fetchPartnerRide(id).catch(() => null)));
        // rides that left `booked` while these were read (their events came meanwhile)
        const left = new Set(gone.current);
        const rides = read.filter((r): r is PartnerRide => r !== null && r.status === 'booked' && !left.has(r.id));
        setSheet(({ cards, more }) => {
          const fresh = rides.filter((r) => !cards.some((c) => c.id === r.id));
          const all = [...fresh, ...cards];
          const unshown = [...arrived.slice(0, arrived.length - newest.length).filter((id) => !left.has(id)), ...all.slice(MAX_CARDS).map((r) => r.id)];
          return { cards: all.slice(0, MAX_CARDS), more: new Set([...more, ...unshown]) };
        });
        if (rides.length) playSound();
      },
      { firstMs: 0, gapMs: ANNOUNCE_GAP_MS },
    );
    announcer.current = announce;
    return () => announce.cancel();
  }, []);

  useLiveRides((event) => {
    if (event.to === 'booked') {
      waiting.current.push(event.id);
      announcer.current?.request();
      return;
    }
    waiting.current = waiting.current.filter((id) => id !== event.id);
    gone.current.add(event.id);
    setSheet((s) =>
      s.cards.some((r) => r.id === event.id) || s.more.has(event.id)
        ? { cards: s.cards.filter((r) => r.id !== event.id), more: new Set([...s.more].filter((id) => id !== event.id)) }
        : s,
    );
  });
  return [sheet, setSheet];
}

/**
 * New bookings arrive live (socket.io) in a bottom sheet with a sound: who booked (name, phone to call), the
 * trip and its vehicle class; Accept, and Cancel (the operator's decline of the booking) act on the server.
 * The newest five are cards; more than that in a busy spell are counted while they wait, with a link to the
 * rides board.
 */
export function NewBookings({ area, businessName, timeZone }: { area: string; businessName: string; timeZone: string }) {
  const t = useTranslations('PartnerRides');
  const tKinds = useTranslations('TripKinds');
  const vehicleName = useVehicleName();
  const locale = useLocale();
  const id = useId();
  const [{ cards, more }, setSheet] = useNewBookingSheet();
  const [action, setAction] = useState<{ ride: PartnerRide; kind: ActionKind } | null>(null);
  const removeCard = (id: number) => setSheet((s) => ({ ...s, cards: s.cards.filter((r) => r.id !== id) }));

  if (!cards.length && !more.size) return null;
  return (
    <div className={styles.sheetLayer}>
      <BottomSheet handleLabel={t('newBookingsHandle')} labelledBy={`${id}-title`} initialHeight={50}>
        <div className={styles.sheetHead}>
          <h2 id={`${id}-title`}>{t('newBookings')}</h2>
          <button type="button" className={`${ui.button} ${ui.secondary}`} onClick={() => setSheet(() => ({ cards: [], more: new Set() }))}>
            {t('dismiss')}
          </button>
        </div>
        <ul className={styles.newList}>
          {cards.map((ride) => (
            <li key={ride.id} className={styles.newCard} aria-label={t('rideId', { id: ride.id })}>
              <strong>{businessName}</strong>
              <span>{t('rideId', { id: ride.id })}</span>
              <span>
                {t('pickup')}: {ride.pickup.name}
              </span>
              <span>
                {t('dropoff')}: {ride.dropoff?.name ?? '—'}
              </span>
              <span>
                {t('rideType')}: {tKinds(ride.rideType)}
              </span>
              <span>
                {t('tripType')}: {tKinds(ride.tripKind)}
              </span>
              <span>
                {t('vehicleClass')}: {vehicleName(ride.vehicleType, !ride.nonAc)}
              </span>
              <span>
                {t('customer')}: {ride.customerName || '—'}
              </span>
              {ride.phone ? (
                <span>
                  {t('phone')}: <PhoneNumber e164={ride.phone.replace(/\s/g, '')} display={ride.phone} />
                </span>
              ) : null}
              <span>
                {t('pickupTime')}: {formatDateTime(ride.pickupTime, locale, timeZone)}
              </span>
              <StartCodeLine ride={ride} timeZone={timeZone} compact />
              <span className={styles.fare}>{formatMoney(ride.totalAmount, ride.currency, locale)}</span>
              <div className={styles.actions}>
                <button type="button" className={`${ui.button} ${ui.primary}`} onClick={() => setAction({ ride, kind: 'accept' })}>
                  {t('accept')}
                </button>
                <button type="button" className={`${ui.button} ${ui.secondary}`} onClick={() => setAction({ ride, kind: 'decline' })}>
                  {t('cancel')}
                </button>
              </div>
            </li>
          ))}
        </ul>
        {more.size ? (
          <p className={styles.moreBookings}>
            <Link href={`/${area}/rides`}>{t('moreNewBookings', { count: more.size })}</Link>
          </p>
        ) : null}
      </BottomSheet>
      {action ? (
        <RideActionDialog
          ride={action.ride}
          kind={action.kind}
          cancelWords
          onClose={() => setAction(null)}
          onDone={() => {
            removeCard(action.ride.id);
            setAction(null);
          }}
        />
      ) : null}
    </div>
  );
}
