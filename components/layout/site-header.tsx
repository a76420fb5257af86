import { getTranslations } from 'next-intl/server';
import { Link } from '@/lib/i18n/navigation';
import { COUNTRIES, languagesForCountry, toLocaleTag, type Market } from '@/lib/i18n/markets';
import { ClientMessages } from '@/components/ui/client-messages';
import { AccountMenu } from '@/components/auth/account-menu';
import type { Tenant } from '@/lib/tenancy/queries';
import { LanguageSelector } from './language-selector';
import styles from './site-header.module.css';

/** Tenant-branded header: logo and name linking home, and the language selector. */
export async function SiteHeader({ tenant, market, homeHref = '/user/home', showAccount = true }: { tenant: Tenant; market: Market; homeHref?: string; showAccount?: boolean }) {
  const t = await getTranslations('Header');
  const tLang = await getTranslations('LanguageSelector');
  const options = languagesForCountry(market.country).map((lang) => ({
    locale: toLocaleTag({ country: market.country, lang }),
    label: new Intl.DisplayNames([lang], { type: 'language' }).of(lang) ?? lang,
  }));
  return (
    <>
      <a className="skip-link" href="#main">
        {t('skipToContent')}
      </a>
      <header className={styles.header}>
        <div className={styles.inner}>
          <Link href={homeHref} className={styles.brand} aria-label={t('homeLink', { businessName: tenant.name })}>
            {tenant.logoUrl ? (
              // eslint-disable-next-line @next/next/no-img-element
              <img src={tenant.logoUrl} alt="" width={40} height={40} className={styles.logo} />
            ) : null}
            <span className={styles.name}>{tenant.name}</span>
          </Link>
          <div className={styles.tools}>
            {options.length > 1 ? <LanguageSelector label={tLang('label')} current={toLocaleTag(market)} options={options} /> : null}
            {showAccount ? (
              <ClientMessages namespaces={['Auth', 'AuthErrors', 'Validation', 'RiderLogin']}>
                <AccountMenu defaultCountry={COUNTRIES[market.country].region} />
              </ClientMessages>
            ) : null}
          </div>
        </div>
      </header>
    </>
  );
}
