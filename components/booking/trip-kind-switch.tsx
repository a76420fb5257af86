'use client';

import { useTranslations } from 'next-intl';
import { TRIP_KINDS } from '@/lib/booking/vocabulary';
import type { RideFormData } from './booking-store';
import styles from './booking.module.css';

/** The booking form's trip kind (local, airport, outstation, rental) and, but for a rental, one way or return. */
export function TripKindSwitch({
  id,
  tripKind,
  rideType,
  onTripKind,
  onRideType,
}: {
  id: string;
  tripKind: RideFormData['tripKind'];
  rideType: RideFormData['rideType'];
  onTripKind: (kind: RideFormData['tripKind']) => void;
  onRideType: (type: RideFormData['rideType']) => void;
}) {
  const t = useTranslations('Booking');
  const tKinds = useTranslations('TripKinds');
  return (
    <>
      <fieldset className={styles.segments}>
        <legend className={styles.legend}>{t('tripKindLabel')}</legend>
        {TRIP_KINDS.map((kind) => (
          <label key={kind} className={styles.segment}>
            <input type="radio" name={`${id}-kind`} value={kind} checked={tripKind === kind} onChange={() => onTripKind(kind)} />
            <span>{tKinds(kind)}</span>
          </label>
        ))}
      </fieldset>

      {tripKind !== 'rental' ? (
        <fieldset className={styles.segments}>
          <legend className={styles.legend}>{t('rideTypeLabel')}</legend>
          {(['oneway', 'return'] as const).map((type) => (
            <label key={type} className={styles.segment}>
              <input type="radio" name={`${id}-type`} value={type} checked={rideType === type} onChange={() => onRideType(type)} />
              <span>{tKinds(type)}</span>
            </label>
          ))}
        </fieldset>
      ) : null}
    </>
  );
}
