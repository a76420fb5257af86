import { getTranslations } from 'next-intl/server';
import { Link } from '@/lib/i18n/navigation';
import ui from '@/components/ui/ui.module.css';
import styles from './landing.module.css';

/** No '4.8 rating' claim: the platform has no ratings of its own to back it (operators' sites show their real average). */
const CLAIMS = ['companies', 'setup', 'allDay', 'transparent'] as const;
const STEPS = [1, 2, 3] as const;

/** The platform landing (on the platform's host only): hero, how it works, claims (docs/requirements/partner.md#the-platforms-landing), products and payments. */
export async function Landing() {
  const t = await getTranslations('Landing');
  const tc = await getTranslations('Claims');
  const tl = await getTranslations('PartnerLogin');
  return (
    <>
      <section className={styles.hero}>
        <p className={styles.eyebrow}>{t('eyebrow')}</p>
        <h1 className={styles.title}>{t('title')}</h1>
        <p className={styles.subtitle}>{t('subtitle')}</p>
        <div className={styles.actions}>
          <Link href="/signup" className={`${ui.button} ${ui.primary}`}>
            {t('partnerCta')}
          </Link>
          <Link href="/travel/login" className={`${ui.button} ${ui.secondary}`}>
            {tl('title')}
          </Link>
        </div>
      </section>

      <section className={ui.section} aria-labelledby="claims-title">
        <h2 id="claims-title">{t('claimsTitle')}</h2>
        <ul className={ui.grid}>
          {CLAIMS.map((key) => (
            <li key={key} className={ui.card}>
              <strong className={styles.claim}>{tc(key)}</strong>
              <p className={ui.muted}>{tc(`${key}Detail`)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section id="how-it-works" className={ui.section} aria-labelledby="how-title">
        <h2 id="how-title">{t('howTitle')}</h2>
        <ol className={ui.grid}>
          {STEPS.map((n) => (
            <li key={n} className={ui.card}>
              <h3>{t(`step${n}Title`)}</h3>
              <p>{t(`step${n}Body`)}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className={ui.section} aria-labelledby="products-title">
        <h2 id="products-title">{t('productsTitle')}</h2>
        <ul className={styles.list}>
          <li>{t('productSite')}</li>
          <li>{t('productDriver')}</li>
          <li>{t('productShuttle')}</li>
        </ul>
        <h2>{t('paymentsTitle')}</h2>
        <p>{t('paymentsBody')}</p>
      </section>
    </>
  );
}
