'use client';

import { useId, useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';
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

const SOUND = '/sounds/new-booking.wav';

function playSound() {
  const audio = new Audio(SOUND);
  audio.play().catch((error: unknown) => console.warn('sound could not play', error));
}

/**
 * New bookings arrive live (socket.io) in a bottom sheet with a sound: who booked (name, phone to call), the
 * trip and its vehicle class; Accept, and Cancel (the operator's decline of the booking) act on the server.
 */
export function NewBookings({ businessName, timeZone }: { businessName: string; timeZone: string }) {
  const t = useTranslations('PartnerRides');
  const tKinds = useTranslations('TripKinds');
  const vehicleName = useVehicleName();
  const locale = useLocale();
  const id = useId();
  const [cards, setCards] = useState<PartnerRide[]>([]);
  const [action, setAction] = useState<{ ride: PartnerRide; kind: ActionKind } | null>(null);

  const client = useQueryClient();
  // Every ride event also refreshes the cached ride lists; a new booking is read into the cache and gets a card.
  useLiveRides(async (event) => {
    if (event.to !== 'booked') {
      setCards((list) => list.filter((r) => r.id !== event.id));
      return;
    }
    const ride = await client.fetchQuery({ queryKey: queryKeys.partner.rides.one(event.id), queryFn: () => fetchPartnerRide(event.id) }).catch(() => null);
    if (!ride) return;
    setCards((list) => (list.some((r) => r.id === ride.id) ? list : [ride, ...list]));
    playSound();
  });

  if (!cards.length) return null;
  return (
    <div className={styles.sheetLayer}>
      <BottomSheet handleLabel={t('newBookingsHandle')} labelledBy={`${id}-title`} initialHeight={50}>
        <div className={styles.sheetHead}>
          <h2 id={`${id}-title`}>{t('newBookings')}</h2>
          <button type="button" className={`${ui.button} ${ui.secondary}`} onClick={() => setCards([])}>
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
      </BottomSheet>
      {action ? (
        <RideActionDialog
          ride={action.ride}
          kind={action.kind}
          cancelWords
          onClose={() => setAction(null)}
          onDone={() => {
            setCards((list) => list.filter((r) => r.id !== action.ride.id));
            setAction(null);
          }}
        />
      ) : null}
    </div>
  );
}
