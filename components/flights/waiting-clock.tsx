'use client';

import { useEffect, useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { waitingCharge, waitingStartsAt } from '@/lib/airports/waiting';
import { formatMoney } from '@/lib/i18n/format';
import styles from './flights.module.css';

type Props = {
  pickupTime: string;
  landedAt: string | null;
  /** When the driver said they are at the meeting point: the clock counts from then on. */
  driverArrivedAt: string | null;
  freeMinutes: number;
  blockMinutes: number;
  perBlock: number;
  currency: string;
  /** The trip started: the clock stops there. */
  startedAt: string | null;
};

/** Minutes waited since the landing (or the pickup time, once the driver is at the meeting point), the free minutes left, and what waiting costs so far; a tick every 15 s. */
export function WaitingClock({ pickupTime, landedAt, driverArrivedAt, freeMinutes, blockMinutes, perBlock, currency, startedAt }: Props) {
  const t = useTranslations('Flights');
  const locale = useLocale();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (startedAt) return;
    const timer = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(timer);
  }, [startedAt]);
  const from = waitingStartsAt({
    pickupTime: new Date(pickupTime),
    landedAt: landedAt ? new Date(landedAt) : null,
    driverArrivedAt: driverArrivedAt ? new Date(driverArrivedAt) : null,
  });
  if (!from || (!startedAt && from.getTime() > now)) return <p className={styles.muted}>{t('clockNotYet', { minutes: freeMinutes })}</p>;
  const charge = waitingCharge({ from, startedAt: new Date(startedAt ?? now), freeMinutes, blockMinutes, perBlock });
  const left = Math.max(0, freeMinutes - charge.waitedMinutes);
  return (
    <p className={styles.clock} role="timer" aria-live="off">
      {t('clock', { waited: charge.waitedMinutes, left })}
      {charge.blocks > 0 ? ` ${t('clockCharged', { blocks: charge.blocks, amount: formatMoney(charge.amount, currency, locale) })}` : ''}
    </p>
  );
}
