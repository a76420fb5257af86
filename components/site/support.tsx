import { getTranslations } from 'next-intl/server';
import type { Tenant } from '@/lib/tenancy/queries';
import { formatPhone, whatsappLink } from '@/lib/tenancy/contact';
import ui from '@/components/ui/ui.module.css';

const FAQ = [1, 2, 3, 4] as const;

/** Support: the operator's real contact channels and answers to common questions. */
export async function SupportPage({ tenant }: { tenant: Tenant }) {
  const t = await getTranslations('Support');
  const th = await getTranslations('Home');
  const phone = formatPhone(tenant);
  const whatsapp = whatsappLink(tenant, th('whatsappText', { businessName: tenant.name }));
  return (
    <article className={ui.prose}>
      <h1>{t('title')}</h1>
      <p>{t('intro')}</p>
      <ul className={ui.grid}>
        {phone ? (
          <li className={ui.card}>
            <h2>{t('callTitle')}</h2>
            <a href={`tel:${phone.e164}`} dir="ltr">
              {phone.display}
            </a>
          </li>
        ) : null}
        {tenant.email ? (
          <li className={ui.card}>
            <h2>{t('emailTitle')}</h2>
            <a href={`mailto:${tenant.email}`}>{tenant.email}</a>
          </li>
        ) : null}
        {whatsapp ? (
          <li className={ui.card}>
            <h2>{t('whatsappTitle')}</h2>
            <a href={whatsapp} target="_blank" rel="noopener noreferrer">
              {th('whatsapp')}
            </a>
          </li>
        ) : null}
      </ul>
      <h2>{t('faqTitle')}</h2>
      {FAQ.map((n) => (
        <details key={n}>
          <summary>{t(`faq${n}Q`)}</summary>
          <p>{t(`faq${n}A`)}</p>
        </details>
      ))}
    </article>
  );
}
