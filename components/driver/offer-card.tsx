'use client';

import { useEffect, useId, useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import type { DriverOffer } from '@/lib/dispatch/events';
import { formatDateTime, formatMoney } from '@/lib/i18n/format';
import { failureOf } from '@/components/data/fetch-data';
import { useApiErrorText } from '@/components/ui/use-api-error';
import ui from '@/components/ui/ui.module.css';
import { useAnswerOffer, useDriverOffer } from './use-offer';
import styles from './driver.module.css';

/** Seconds left on an offer, counted on this phone's clock from when it arrived. */
function useSecondsLeft(offer: DriverOffer): number {
  const [deadline] = useState(() => Date.now() + offer.secondsLeft * 1000);
  const [left, setLeft] = useState(offer.secondsLeft);
  useEffect(() => {
    const timer = setInterval(() => setLeft(Math.max(0, Math.ceil((deadline - Date.now()) / 1000))), 250);
    return () => clearInterval(timer);
  }, [deadline]);
  return left;
}

function OfferCard({ offer, timeZone, onAnswered }: { offer: DriverOffer; timeZone: string; onAnswered: (text: string) => void }) {
  const t = useTranslations('DriverApp');
  const tk = useTranslations('TripKinds');
  const tv = useTranslations('VehicleTypes');
  const locale = useLocale();
  const id = useId();
  const left = useSecondsLeft(offer);
  const answer = useAnswerOffer();
  const errorText = useApiErrorText();
  const total = Math.max(1, Math.round((Date.parse(offer.expiresAt) - Date.parse(offer.offeredAt)) / 1000));

  const send = async (choice: 'accept' | 'decline') => {
    try {
      await answer.mutateAsync({ rideId: offer.rideId, answer: choice });
      onAnswered(t(choice === 'accept' ? 'offer.accepted' : 'offer.declined', { id: offer.rideId }));
    } catch (failed) {
      const failure = failureOf(failed);
      onAnswered(failure.code === 'offer_expired' ? t('offer.expired') : errorText(failure));
    }
  };

  return (
    <section className={styles.offer} aria-labelledby={`${id}-title`} role="region">
      <div className={styles.cardHead}>
        <h2 id={`${id}-title`}>{t('offer.title', { id: offer.rideId })}</h2>
        <span className={styles.badge}>{t('summary', { tripKind: tk(offer.tripKind), rideType: tk(offer.rideType), vehicle: tv(offer.vehicleType) })}</span>
      </div>
      <dl className={styles.facts}>
        <dt>{t('pickup')}</dt>
        <dd>{offer.pickup.name}</dd>
        {offer.dropoff ? (
          <>
            <dt>{t('dropoff')}</dt>
            <dd>{offer.dropoff.name}</dd>
          </>
        ) : null}
        <dt>{t('time')}</dt>
        <dd>{formatDateTime(offer.pickupTime, locale, timeZone)}</dd>
        <dt>{t('offer.toPickup')}</dt>
        <dd>{offer.roadKm === null ? t('offer.noPosition') : t('offer.distance', { km: offer.roadKm, minutes: offer.minutesToPickup ?? 0 })}</dd>
        <dt>{t('fare')}</dt>
        <dd>{formatMoney(offer.fare, offer.currency, locale)}</dd>
      </dl>
      <p role="timer" aria-live="off" className={styles.countdown}>
        {left > 0 ? t('offer.secondsLeft', { seconds: left }) : t('offer.expired')}
      </p>
      <progress className={styles.countdownBar} max={total} value={left} aria-hidden="true" />
      {left > 0 ? (
        <div className={styles.actions}>
          <button type="button" className={`${ui.button} ${ui.primary}`} disabled={answer.isPending} onClick={() => void send('accept')}>
            {t('offer.accept')}
          </button>
          <button type="button" className={`${ui.button} ${ui.secondary}`} disabled={answer.isPending} onClick={() => void send('decline')}>
            {t('offer.decline')}
          </button>
        </div>
      ) : null}
    </section>
  );
}

/** The offer waiting for this driver's answer (automatic dispatch), with its countdown; nothing when there is none. */
export function DriverOfferPanel({ timeZone, onAnswered }: { timeZone: string; onAnswered: (text: string) => void }) {
  const t = useTranslations('DriverApp');
  // an offer that ran out (or went elsewhere) before an answer says so where the driver's notices show
  const offer = useDriverOffer(true, (closed) => {
    if (closed.status === 'expired') onAnswered(t('offer.expired'));
  }).data;
  if (!offer) return null;
  return <OfferCard key={`${offer.rideId}-${offer.offeredAt}`} offer={offer} timeZone={timeZone} onAnswered={onAnswered} />;
}
