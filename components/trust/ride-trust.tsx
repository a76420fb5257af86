'use client';

import { useEffect, useId, useRef, useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import type { RideView } from '@/lib/rides/queries';
import { COMMENT_MAX } from '@/lib/ratings/limits';
import ui from '@/components/ui/ui.module.css';
import { riderInvoiceUrl } from './api';
import { useRateRide } from './queries';
import styles from './trust.module.css';

const STARS = [1, 2, 3, 4, 5] as const;

/** The ride a message or push asked to rate (`?rate=ID` on My rides). */
export function rideToRate(): number | undefined {
  if (typeof window === 'undefined') return undefined;
  const id = Number(new URLSearchParams(window.location.search).get('rate'));
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/** On a completed ride in My rides: the invoice download and the rating (1-5 stars, optional comment), or the rating given. */
export function RideTrust({ ride }: { ride: RideView }) {
  const t = useTranslations('Trust');
  const locale = useLocale();
  if (ride.status !== 'completed') return null;
  return (
    <div className={styles.grid}>
      <div className={styles.actions}>
        <a className={`${ui.button} ${ui.secondary}`} href={riderInvoiceUrl(ride.id, locale.split('-')[0])} download>
          {t('downloadInvoice')}
        </a>
      </div>
      {ride.rating ? <p className={ui.hint}>{t('rated', { stars: ride.rating.stars })}</p> : <RateRide rideId={ride.id} />}
    </div>
  );
}

function RateRide({ rideId }: { rideId: number }) {
  const t = useTranslations('Trust');
  const id = useId();
  const [stars, setStars] = useState(0);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string>();
  const rate = useRateRide(rideId);
  const group = useRef<HTMLFieldSetElement>(null);

  useEffect(() => {
    if (rideToRate() !== rideId) return;
    group.current?.scrollIntoView({ block: 'center' });
    group.current?.querySelector('button')?.focus();
  }, [rideId]);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (stars < 1) {
      setError(t('pickStars'));
      return;
    }
    setError(undefined);
    rate.mutate({ stars, comment: comment.trim() || undefined }, { onError: () => setError(t('ratingFailed')) });
  };

  return (
    <form onSubmit={submit} className={styles.grid} aria-labelledby={`${id}-title`}>
      <fieldset ref={group} className={styles.rate}>
        <legend id={`${id}-title`} className={styles.legend}>
          {t('rateTitle')}
        </legend>
        <div className={styles.stars}>
          {STARS.map((n) => (
            <button
              key={n}
              type="button"
              className={styles.star}
              aria-pressed={n <= stars}
              aria-label={t('starLabel', { stars: n })}
              onClick={() => setStars(n)}
            >
              {n <= stars ? '★' : '☆'}
            </button>
          ))}
        </div>
      </fieldset>
      <div className={ui.field}>
        <label htmlFor={`${id}-comment`}>{t('commentLabel')}</label>
        <textarea id={`${id}-comment`} className={ui.input} rows={3} maxLength={COMMENT_MAX} value={comment} onChange={(e) => setComment(e.target.value)} />
      </div>
      {error ? (
        <p role="alert" className={ui.error}>
          {error}
        </p>
      ) : null}
      <div className={styles.actions}>
        <button type="submit" className={`${ui.button} ${ui.primary}`} disabled={rate.isPending}>
          {rate.isPending ? t('sending') : t('sendRating')}
        </button>
      </div>
    </form>
  );
}
