import { getFormatter, getTranslations } from 'next-intl/server';
import type { Tenant } from '@/lib/tenancy/queries';
import ui from '@/components/ui/ui.module.css';

/** Date the legal texts last changed. */
const LEGAL_UPDATED = new Date('2026-11-01T00:00:00Z');

const PRIVACY_SECTIONS = ['Collect', 'Use', 'Share', 'Keep', 'Rights'] as const;
const TERMS_SECTIONS = ['Booking', 'Cancel', 'Cashback', 'Conduct', 'Liability'] as const;

function contactEmail(tenant: Tenant): string {
  return tenant.email ?? '';
}

export async function PrivacyPolicy({ tenant }: { tenant: Tenant }) {
  const t = await getTranslations('Legal');
  const tm = await getTranslations('Metadata');
  const format = await getFormatter();
  const values = { businessName: tenant.name, email: contactEmail(tenant) };
  return (
    <article className={ui.prose}>
      <h1>{tm('privacyTitle')}</h1>
      <p className={ui.muted}>{t('lastUpdated', { date: format.dateTime(LEGAL_UPDATED, 'short') })}</p>
      <p>{t('privacyIntro', values)}</p>
      {PRIVACY_SECTIONS.map((key) => (
        <section key={key}>
          <h2>{t(`privacy${key}Title`)}</h2>
          <p>{t(`privacy${key}Body`, values)}</p>
        </section>
      ))}
    </article>
  );
}

export async function TermsOfService({ tenant }: { tenant: Tenant }) {
  const t = await getTranslations('Legal');
  const tm = await getTranslations('Metadata');
  const format = await getFormatter();
  const values = { businessName: tenant.name, email: contactEmail(tenant) };
  return (
    <article className={ui.prose}>
      <h1>{tm('termsTitle')}</h1>
      <p className={ui.muted}>{t('lastUpdated', { date: format.dateTime(LEGAL_UPDATED, 'short') })}</p>
      <p>{t('termsIntro', values)}</p>
      {TERMS_SECTIONS.map((key) => (
        <section key={key}>
          <h2>{t(`terms${key}Title`)}</h2>
          <p>{t(`terms${key}Body`, values)}</p>
        </section>
      ))}
      <p>{t('termsContact', values)}</p>
    </article>
  );
}
