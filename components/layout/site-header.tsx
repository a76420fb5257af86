import { getTranslations } from 'next-intl/server';
import { Link } from '@/lib/i18n/navigation';
import { COUNTRIES, languagesForCountry, localizedPath, toLocaleTag, type Market } from '@/lib/i18n/markets';
import { ClientMessages } from '@/components/ui/client-messages';
import { AccountMenu } from '@/components/auth/account-menu';
import type { Tenant } from '@/lib/tenancy/queries';
import { offeredLanguages } from '@/lib/settings/languages';
import { LanguageSelector } from './language-selector';
import { LanguageLinks } from './language-links';
import styles from './site-header.module.css';

/**
 * Tenant-branded header: logo and name linking home, and the language selector.
 * `documentHref` marks a static document (place, route and blog pages ship no
 * JavaScript): languages are then plain links to the same page, and there is
 * no account menu.
 */
export async function SiteHeader({
  tenant,
  market,
  homeHref = '/user/home',
  showAccount = true,
  documentHref,
}: {
  tenant: Tenant;
  market: Market;
  homeHref?: string;
  showAccount?: boolean;
  documentHref?: string;
}) {
  const t = await getTranslations('Header');
  const tLang = await getTranslations('LanguageSelector');
  // the tenant's own market lists the languages it offers (and the one shown, whatever it is)
  const langs = market.country === tenant.countryCode ? offeredLanguages(tenant) : [...languagesForCountry(market.country)];
  if (!langs.includes(market.lang)) langs.push(market.lang);
  const options = langs.map((lang) => ({
    locale: toLocaleTag({ country: market.country, lang }),
    label: new Intl.DisplayNames([lang], { type: 'language' }).of(lang) ?? lang,
    href: documentHref === undefined ? '' : localizedPath({ country: market.country, lang }, documentHref),
  }));
  const current = toLocaleTag(market);
  const languages =
    options.length < 2 ? null : documentHref === undefined ? (
      <LanguageSelector label={tLang('label')} current={current} options={options} />
    ) : (
      <LanguageLinks label={tLang('label')} current={current} options={options} />
    );
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
            {languages}
            {showAccount && documentHref === undefined ? (
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
