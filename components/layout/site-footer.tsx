import { getLocale, getTranslations } from 'next-intl/server';
import { Link } from '@/lib/i18n/navigation';
import type { Tenant } from '@/lib/tenancy/queries';
import { formatPhone } from '@/lib/tenancy/contact';
import { ltrText } from '@/lib/i18n/bidi';
import styles from './site-footer.module.css';

export async function SiteFooter({ tenant }: { tenant: Tenant }) {
  const t = await getTranslations('Footer');
  const phone = formatPhone(tenant);
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <nav aria-label={t('contact')} className={styles.links}>
          <Link href="/user/privacy/policy">{t('privacy')}</Link>
          <Link href="/user/terms">{t('terms')}</Link>
          <Link href="/user/support">{t('support')}</Link>
        </nav>
        <div className={styles.contact}>
          {phone ? <a href={`tel:${phone.e164}`}>{t('phone', { phone: ltrText(phone.display, await getLocale()) })}</a> : null}
          {tenant.email ? <a href={`mailto:${tenant.email}`}>{t('email', { email: tenant.email })}</a> : null}
        </div>
        <p className={styles.copy}>{t('copyright', { year: new Date().getFullYear(), businessName: tenant.name })}</p>
      </div>
    </footer>
  );
}
