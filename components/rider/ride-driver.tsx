'use client';

import { useId } from 'react';
import { useTranslations } from 'next-intl';
import type { RideDriverView } from '@/lib/rides/queries';
import { PhoneNumber } from '@/components/ui/phone-link';
import ui from '@/components/ui/ui.module.css';
import rides from './rides.module.css';

/** Who drives the ride: photo (or initial), name, car and plate with the car's photo, and the phone with a Call button until the trip ends. */
export function RideDriver({ driver }: { driver: RideDriverView }) {
  const t = useTranslations('RiderRides');
  const id = useId();
  return (
    <section className={rides.driver} aria-labelledby={`${id}-driver`}>
      <h3 id={`${id}-driver`} className={rides.fareTitle}>
        {t('driverTitle')}
      </h3>
      <div className={rides.driverRow}>
        {driver.photoUrl ? (
          // eslint-disable-next-line @next/next/no-img-element -- the operator's uploaded photo, already sized
          <img className={rides.driverPhoto} src={driver.photoUrl} alt={t('driverPhoto', { name: driver.name })} width={56} height={56} />
        ) : (
          <span className={rides.driverPhoto} aria-hidden="true">
            {driver.name.trim().charAt(0).toUpperCase()}
          </span>
        )}
        <dl className={rides.facts}>
          <dt>{t('driverName')}</dt>
          <dd className={rides.driverName}>{driver.name}</dd>
          {driver.vehicle ? (
            <>
              <dt>{t('driverCar')}</dt>
              <dd>{driver.vehicle.model}</dd>
              <dt>{t('driverPlate')}</dt>
              <dd>
                <span dir="ltr" className={rides.plate}>
                  {driver.vehicle.number}
                </span>
              </dd>
            </>
          ) : null}
          {driver.phone ? (
            <>
              <dt>{t('driverPhone')}</dt>
              <dd>
                <PhoneNumber display={driver.phone.display} />
              </dd>
            </>
          ) : null}
        </dl>
      </div>
      {driver.vehicle?.photoUrl ? (
        // eslint-disable-next-line @next/next/no-img-element -- the operator's uploaded photo, already resized by the server
        <img
          className={rides.vehiclePhoto}
          src={driver.vehicle.photoUrl}
          alt={t('vehiclePhoto', { vehicle: `${driver.vehicle.number} · ${driver.vehicle.model}` })}
          width={320}
          height={180}
        />
      ) : null}
      {driver.phone ? (
        <a href={`tel:${driver.phone.e164}`} className={`${ui.button} ${ui.primary} ${rides.call}`}>
          {t('callDriver', { name: driver.name })}
        </a>
      ) : null}
    </section>
  );
}
