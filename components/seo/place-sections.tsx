import { getLocale, getTranslations } from 'next-intl/server';
import { Link } from '@/lib/i18n/navigation';
import { SEO_PATHS } from '@/lib/seo/paths';
import { siteRating, siteReviews } from '@/lib/seo/site-data';
import { formatPhone, whatsappLink } from '@/lib/tenancy/contact';
import type { Tenant } from '@/lib/tenancy/queries';
import ui from '@/components/ui/ui.module.css';
import { ltrText } from '@/lib/i18n/bidi';
import { Heading, type HeadingLevel } from './heading';
import styles from './seo.module.css';

type Section = { tenant: Tenant; place: { name: string }; level: HeadingLevel; idPrefix: string };

/** What riders say: their real average and the comments the operator approved; nothing at all until someone rated. */
export async function ReviewsSection({ tenant, level, idPrefix }: Omit<Section, 'place'>) {
  const t = await getTranslations('Place');
  const tr = await getTranslations('SiteRating');
  const [rating, reviews] = await Promise.all([siteRating(tenant.id), siteReviews(tenant.id)]);
  if (rating.count === 0 && !reviews.length) return null;
  const id = `${idPrefix}-reviews`;
  return (
    <section className={ui.section} aria-labelledby={id}>
      <Heading level={level} id={id}>
        {t('reviewsTitle')}
      </Heading>
      {rating.count > 0 ? (
        <p data-testid="site-rating">
          <strong>{tr('summary', { average: rating.average.toFixed(1), count: rating.count })}</strong>
        </p>
      ) : null}
      {reviews.length ? (
        <ul className={styles.claims}>
          {reviews.map((review) => (
            <li key={`${review.createdAt}-${review.author}`}>
              <blockquote>
                <p>{review.comment}</p>
                <footer>
                  {review.author} · {tr('stars', { stars: review.stars })}
                </footer>
              </blockquote>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

export async function CallSection({ tenant, place, level, idPrefix }: Section) {
  const t = await getTranslations('Place');
  const phone = formatPhone(tenant);
  const whatsapp = whatsappLink(tenant, t('whatsappText', { businessName: tenant.name, placeName: place.name }));
  if (!phone) return null;
  const id = `${idPrefix}-call`;
  return (
    <section className={ui.section} aria-labelledby={id}>
      <Heading level={level} id={id}>
        {t('callTitle')}
      </Heading>
      <p>{t('callBody', { businessName: tenant.name })}</p>
      <div className={styles.actions}>
        <a href={`tel:${phone.e164}`} className={`${ui.button} ${ui.primary}`}>
          {t('callLink', { phone: ltrText(phone.display, await getLocale()) })}
        </a>
        {whatsapp ? (
          <a href={whatsapp} target="_blank" rel="noopener noreferrer" className={`${ui.button} ${ui.secondary}`}>
            {t('whatsappLink')}
          </a>
        ) : null}
      </div>
    </section>
  );
}

/** The booking call to action; `href` carries the page's trip to the form (default: the empty form). */
export async function BookingCta({
  label,
  level,
  idPrefix,
  href = SEO_PATHS.booking(),
}: {
  label: string;
  level: HeadingLevel;
  idPrefix: string;
  href?: string;
}) {
  const t = await getTranslations('Place');
  const id = `${idPrefix}-book`;
  return (
    <section className={styles.cta} aria-labelledby={id}>
      <Heading level={level} id={id}>
        {t('bookTitle')}
      </Heading>
      <p>{t('bookBody')}</p>
      <Link href={href} className={`${ui.button} ${ui.primary}`}>
        {label}
      </Link>
    </section>
  );
}
