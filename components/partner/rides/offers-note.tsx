'use client';

import { useTranslations } from 'next-intl';
import type { PartnerRide } from './types';
import styles from './rides.module.css';

/** Automatic dispatch on a booked ride: whom it is offered to now, or that it needs a driver, with the drivers tried and their answers. */
export function OffersNote({ ride }: { ride: PartnerRide }) {
  const t = useTranslations('Dispatch');
  const { state, tried } = ride.offers;
  if (!state && !tried.length) return null;
  const list = tried.map((d) => t('triedDriver', { name: d.name, answer: t(`answers.${d.status}`) })).join(', ');
  const current = tried.find((d) => d.status === 'pending');
  return (
    <span className={state === 'needs_driver' ? `${styles.cellNote} ${styles.needsDriverNote}` : styles.cellNote}>
      {state === 'needs_driver'
        ? tried.length
          ? t('needsDriverTried', { tried: list })
          : t('needsDriverNobody')
        : current
          ? t('offeredTo', { name: current.name })
          : t('tried', { tried: list })}
    </span>
  );
}
