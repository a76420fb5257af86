'use client';

import { useId } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { formatDateTime } from '@/lib/i18n/format';
import ui from '@/components/ui/ui.module.css';
import { useModerateReview, useReviews } from './queries';
import styles from './trust.module.css';

export function ReviewsBoard({ timeZone }: { timeZone: string }) {
  const t = useTranslations('Reviews');
  const tr = useTranslations('SiteRating');
  const locale = useLocale();
  const id = useId();
  const reviews = useReviews();
  const moderate = useModerateReview();
  if (reviews.isPending)
    return (
      <p role="status" aria-busy="true" className={ui.hint}>
        …
      </p>
    );
  if (reviews.isError || !reviews.data)
    return (
      <p role="alert" className={ui.error}>
        {t('loadError')}
      </p>
    );
  const { overall, drivers, comments } = reviews.data;
  const average = (summary: { average: number; count: number }) =>
    summary.count ? t('average', { average: summary.average.toFixed(1), count: summary.count }) : t('noRatings');
  return (
    <div className={styles.grid}>
      <p data-testid="reviews-overall">
        <strong>{t('overall')}:</strong> {average(overall)}
      </p>
      <section aria-labelledby={`${id}-drivers`}>
        <h2 id={`${id}-drivers`}>{t('drivers')}</h2>
        {drivers.length ? (
          <table className={styles.table}>
            <tbody>
              {drivers.map((driver) => (
                <tr key={driver.driverId}>
                  <th scope="row">{driver.name}</th>
                  <td>{average(driver)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p className={ui.hint}>{t('noRatings')}</p>
        )}
      </section>
      <section aria-labelledby={`${id}-comments`}>
        <h2 id={`${id}-comments`}>{t('comments')}</h2>
        {comments.length ? (
          <ul className={styles.list}>
            {comments.map((comment) => (
              <li key={comment.id} className={styles.item} aria-label={t('rideRef', { rideNumber: comment.rideId })}>
                <p>
                  <strong>{tr('stars', { stars: comment.stars })}</strong> · {comment.riderName} · {t('rideRef', { rideNumber: comment.rideId })}
                  {comment.driverName ? ` · ${comment.driverName}` : ''}
                </p>
                <blockquote>{comment.comment}</blockquote>
                <p className={ui.hint}>
                  <time dateTime={comment.createdAt}>{formatDateTime(comment.createdAt, locale, timeZone)}</time> ·{' '}
                  {t(`status.${comment.status as 'pending' | 'approved' | 'rejected'}`)}
                </p>
                <div className={styles.actions}>
                  {comment.status !== 'approved' ? (
                    <button
                      type="button"
                      className={`${ui.button} ${ui.primary}`}
                      disabled={moderate.isPending}
                      onClick={() => moderate.mutate({ id: comment.id, status: 'approved' })}
                    >
                      {t('approve')}
                    </button>
                  ) : null}
                  {comment.status !== 'rejected' ? (
                    <button
                      type="button"
                      className={`${ui.button} ${ui.secondary}`}
                      disabled={moderate.isPending}
                      onClick={() => moderate.mutate({ id: comment.id, status: 'rejected' })}
                    >
                      {t('reject')}
                    </button>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        ) : (
          <p className={ui.hint}>{t('noComments')}</p>
        )}
      </section>
    </div>
  );
}
