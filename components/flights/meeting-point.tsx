'use client';

import { useTranslations } from 'next-intl';
import type { RideAirport } from '@/lib/flights/ride-airport';
import styles from './flights.module.css';

type MeetingPointView = NonNullable<RideAirport['meetingPoint']>;

/** The operator's meeting point at the airport: its text in the language it is written in and the photo it uploaded (My rides, the confirmation, the track page). */
export function MeetingPoint({ point, id }: { point: MeetingPointView; id?: string }) {
  const t = useTranslations('Flights');
  return (
    <figure className={styles.meeting} id={id}>
      <figcaption>
        <strong>{t('meetingPoint')}</strong>{' '}
        <span lang={point.lang} dir="auto">
          {point.text}
        </span>
      </figcaption>
      {point.photoUrl ? (
        <picture>
          {point.photoWebp ? <source srcSet={point.photoWebp} type="image/webp" /> : null}
          <img src={point.photoUrl} alt={t('meetingPhotoAlt')} loading="lazy" />
        </picture>
      ) : null}
    </figure>
  );
}
