'use client';

import { useLocale, useTranslations } from 'next-intl';
import { formatDateTime } from '@/lib/i18n/format';
import ui from '@/components/ui/ui.module.css';
import type { ActionKind } from '@/components/partner/rides/types';
import type { FleetData } from './api';
import { StateSwatch, useAgeText } from './fleet-list';
import type { LiveDriver } from './use-fleet';
import styles from './fleet-map.module.css';

/** The chosen driver (state, vehicle, position age, their ride with Reassign) or pickup (time, status, Accept or Reassign). */
export function FleetDetail({
  selected,
  drivers,
  rides,
  now,
  timeZone,
  onOpen,
}: {
  selected: { driver?: number; ride?: number };
  drivers: LiveDriver[];
  rides: FleetData['rides'];
  now: number;
  timeZone: string;
  onOpen: (ride: number, kind: ActionKind) => void;
}) {
  const t = useTranslations('FleetMap');
  const td = useTranslations('Dispatch');
  const tp = useTranslations('PartnerRides');
  const tb = useTranslations('Board');
  const locale = useLocale();
  const ageText = useAgeText();
  const driver = selected.driver ? drivers.find((d) => d.id === selected.driver) : undefined;
  const rideId = selected.ride ?? driver?.rideId ?? undefined;
  const ride = rideId ? rides.find((r) => r.id === rideId) : undefined;
  if (!driver && !ride) return <p className={styles.rowMeta}>{t('choose')}</p>;
  return (
    <section className={styles.detail} aria-live="polite">
      {driver ? (
        <>
          <h2>
            <StateSwatch state={driver.state} />
            {driver.name}
          </h2>
          <p>
            {t(`states.${driver.state}`)}
            {driver.vehicle ? ` · ${driver.vehicle}` : ''}
          </p>
          <p className={styles.rowMeta}>{ageText(driver.at, now)}</p>
        </>
      ) : null}
      {ride ? (
        <>
          <h2>{tp('rideId', { id: ride.id })}</h2>
          <p>
            {ride.pickup.name} · {formatDateTime(ride.pickupTime, locale, timeZone)}
          </p>
          <p>
            {tp(`tabs.${ride.status}`)}
            {ride.needsDriver ? ` · ${tb('needsDriver')}` : ''}
          </p>
          {ride.status === 'booked' ? (
            <button type="button" className={`${ui.button} ${ui.primary}`} onClick={() => onOpen(ride.id, 'accept')}>
              {tp('accept')}
            </button>
          ) : null}
          {ride.status === 'accepted' ? (
            <button type="button" className={`${ui.button} ${ui.secondary}`} onClick={() => onOpen(ride.id, 'reassign')}>
              {td('reassign')}
            </button>
          ) : null}
        </>
      ) : driver?.rideId ? (
        <p>{t('ride', { id: driver.rideId })}</p>
      ) : null}
    </section>
  );
}
