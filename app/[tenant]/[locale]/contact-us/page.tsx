import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { SiteShell } from '@/components/layout/site-shell';
import { ContactForm } from '@/components/leads/contact-form';
import { ClientMessages } from '@/components/ui/client-messages';
import { Link } from '@/lib/i18n/navigation';
import { pageContext, type PageParams } from '@/lib/tenancy/page-tenant';
import styles from '@/components/leads/leads.module.css';

export async function generateMetadata({ params }: { params: PageParams }): Promise<Metadata> {
  const { locale, tenant } = await pageContext(params);
  const t = await getTranslations({ locale, namespace: 'ContactUs' });
  return { title: t('metaTitle', { businessName: tenant.name }), description: t('metaDescription', { businessName: tenant.name }) };
}

/** contact-us (docs/requirements/rider.md#contact-and-leads): business enquiries, stored as leads for the operator. */
export default async function ContactUsPage({ params }: { params: PageParams }) {
  const { tenant, market } = await pageContext(params);
  const t = await getTranslations('ContactUs');
  return (
    <SiteShell tenant={tenant} market={market}>
      <section className={styles.page} aria-labelledby="contact-title">
        <h1 id="contact-title">{t('title')}</h1>
        <p className={styles.note}>{t.rich('note', { link: (chunks) => <Link href="/user/support">{chunks}</Link> })}</p>
        <ClientMessages namespaces={['ContactUs']}>
          <ContactForm businessName={tenant.name} />
        </ClientMessages>
      </section>
    </SiteShell>
  );
}
