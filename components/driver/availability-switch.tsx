'use client';

import { useEffect, useId } from 'react';
import { useTranslations } from 'next-intl';
import { useDriverRides, useAvailability, useSetAvailability } from './queries';
import { Switch } from '@/components/ui/switch';
import styles from './driver.module.css';

/** The driver's "Available for rides" switch: online means the operator can give them rides; busy while on a ride. */
export function AvailabilitySwitch() {
  const t = useTranslations('Dispatch');
  const tv = useTranslations('Validation');
  const id = useId();
  const availability = useAvailability();
  const change = useSetAvailability();
  const rides = useDriverRides('active');
  // A ride accepted, completed or cancelled meanwhile changes whether the driver is busy.
  const { refetch } = availability;
  useEffect(() => {
    if (rides.dataUpdatedAt) void refetch();
  }, [rides.dataUpdatedAt, refetch]);
  const data = availability.data;
  if (!data) return null;
  return (
    <div className={styles.availability}>
      <label htmlFor={`${id}-switch`}>{t('switchLabel')}</label>
      <Switch
        id={`${id}-switch`}
        checked={data.online}
        aria-describedby={`${id}-state`}
        disabled={change.isPending || (!data.verified && !data.online)}
        onChange={(online) => change.mutate(online)}
      />
      <p id={`${id}-state`} role="status" className={styles.muted}>
        {!data.verified && !data.online
          ? tv('driverSelfNotVerified')
          : data.busyRideId
            ? `${t(data.online ? 'online' : 'offline')} ${t('busy', { ride: data.busyRideId })}`
            : t(data.online ? 'online' : 'offline')}
      </p>
      {change.isError ? <p role="alert">{t('switchFailed')}</p> : null}
    </div>
  );
}
