import type { ReactNode } from 'react';
import { getTranslations } from 'next-intl/server';
import { languagesForCountry, toLocaleTag } from '@/lib/i18n/markets';
import type { Messages } from '@/lib/i18n/messages';
import { Link } from '@/lib/i18n/navigation';
import { listServiceAreas } from '@/lib/tenancy/queries';
import { pageContext, type PageParams } from '@/lib/tenancy/page-tenant';
import { ClientMessages } from '@/components/ui/client-messages';
import { QueryProvider } from '@/components/data/query-provider';
import { LanguageSelector } from '@/components/layout/language-selector';
import { ConsoleGate } from './console-gate';
import { ConsoleHeader } from './console-header';
import { ConsoleNav } from './console-nav';
import { ServiceMap } from './service-map';
import { FleetPanel } from './fleet-map/fleet-panel';
import { fleetMapCentre } from './fleet-map/centre';
import { NewBookings } from './rides/new-bookings';
import type { ConsoleArea, ConsoleSection } from './sections';
import { BackArrow } from '@/components/ui/back-arrow';
import styles from './console.module.css';

/**
 * The business shell (docs/requirements/partner.md#the-console-shell): header, drawer with the language selector on
 * phones, sidebar on desktop, the section's panel (at most 1600 px) and the
 * service map on large screens (unless `wide`). `namespaces` are the section's client messages.
 */
export async function ConsolePage({
  params,
  area,
  namespaces,
  section,
  wide = false,
  children,
}: {
  params: PageParams;
  area: ConsoleArea;
  /** The section shown: every one but the home gets a Back link to the home on phones. */
  section: ConsoleSection;
  namespaces: (keyof Messages)[];
  /** No service map beside the panel: the section takes its width. */
  wide?: boolean;
  children: ReactNode;
}) {
  const { tenant, market } = await pageContext(params);
  const t = await getTranslations('ConsoleNav');
  const tLang = await getTranslations('LanguageSelector');
  const cities = await listServiceAreas(tenant.id);
  const languages = languagesForCountry(market.country).map((lang) => ({
    locale: toLocaleTag({ country: market.country, lang }),
    label: new Intl.DisplayNames([lang], { type: 'language' }).of(lang) ?? lang,
  }));
  const selector = languages.length > 1 ? <LanguageSelector label={tLang('label')} current={toLocaleTag(market)} options={languages} /> : null;
  const brand = (
    <Link href={`/${area}/home`} className={styles.brand}>
      {tenant.logoUrl ? (
        // eslint-disable-next-line @next/next/no-img-element
        <img src={tenant.logoUrl} alt="" width={36} height={36} />
      ) : null}
      <span>{tenant.name}</span>
    </Link>
  );
  return (
    <ClientMessages
      namespaces={[
        'ConsoleNav',
        'Auth',
        'AuthErrors',
        'Validation',
        'PartnerRides',
        'Dispatch',
        'TripKinds',
        'VehicleTypes',
        'FleetMap',
        'Flights',
        ...namespaces,
      ]}
    >
      <QueryProvider>
        <a className="skip-link" href="#main">
          {t('skip')}
        </a>
        <ConsoleHeader
          area={area}
          brand={brand}
          drawer={
            <>
              <ConsoleNav area={area} replace />
              {selector}
            </>
          }
        />
        <div className={styles.layout} data-wide={wide || undefined}>
          <aside className={styles.sidebar}>
            <ConsoleNav area={area} />
            {selector}
          </aside>
          <main id="main" className={styles.main} tabIndex={-1}>
            {section === 'home' ? null : (
              <Link href={`/${area}/home`} className={styles.back}>
                <BackArrow /> {t('back')}
              </Link>
            )}
            <ConsoleGate area={area}>
              {children}
              <NewBookings area={area} businessName={tenant.name} timeZone={tenant.timeZone} />
            </ConsoleGate>
          </main>
          {wide ? null : (
            <aside className={styles.mapPane} aria-label={t('serviceMap')}>
              <FleetPanel
                area={area}
                center={fleetMapCentre(cities)}
                fallback={<ServiceMap cities={cities} label={t('serviceMapLabel', { businessName: tenant.name })} />}
              />
            </aside>
          )}
        </div>
      </QueryProvider>
    </ClientMessages>
  );
}
