import { getTranslations } from 'next-intl/server';
import { Link } from '@/lib/i18n/navigation';
import { COUNTRIES, type Market } from '@/lib/i18n/markets';
import type { Tenant } from '@/lib/tenancy/queries';
import { ClientMessages } from '@/components/ui/client-messages';
import { PartnerSignup } from './partner-signup';
import { CampaignLeadCapture } from '@/components/leads/campaign-lead';
import ui from '@/components/ui/ui.module.css';
import styles from './auth.module.css';

/** No '4.8 rating' claim: the platform has no ratings of its own to back it (operators' sites show their real average). */
const CLAIMS = ['setup', 'companies', 'allDay', 'transparent'] as const;

export type SignupKind = 'travel' | 'delivery' | 'campaign-driver' | 'campaign-shuttle' | 'campaign-vehicles';

const CAMPAIGN = {
  'campaign-driver': ['driverTitle', 'driverBody'],
  'campaign-shuttle': ['shuttleTitle', 'shuttleBody'],
  'campaign-vehicles': ['vehiclesTitle', 'vehiclesBody'],
} as const;

/** Partner signup, delivery-partner signup and the three campaign pages (heading, description, signup sheet). */
export async function SignupPage({ tenant, market, kind }: { tenant: Tenant; market: Market; kind: SignupKind }) {
  const ts = await getTranslations('PartnerSignup');
  const td = await getTranslations('DeliverySignup');
  const tc = await getTranslations('Campaign');
  const tl = await getTranslations('Landing');
  const tClaims = await getTranslations('Claims');
  const region = COUNTRIES[market.country].region;
  const campaign = kind.startsWith('campaign-') ? CAMPAIGN[kind as keyof typeof CAMPAIGN] : undefined;
  const sheet =
    kind === 'delivery'
      ? { title: td('title', { businessName: tenant.name }), subtitle: td('subtitle') }
      : campaign
        ? { title: tc('formTitle'), subtitle: undefined }
        : { title: ts('title'), subtitle: ts('subtitle') };
  return (
    <>
      {campaign ? (
        <section className={ui.section}>
          <h1>{tc(campaign[0])}</h1>
          <p className={ui.muted}>{tc(campaign[1])}</p>
        </section>
      ) : (
        <ul className={styles.claims} aria-label={tl('claimsTitle')}>
          {CLAIMS.map((key) => (
            <li key={key}>
              <strong>{tClaims(key)}</strong> <span className={ui.muted}>{tClaims(`${key}Detail`)}</span>
            </li>
          ))}
        </ul>
      )}
      <ClientMessages namespaces={['Auth', 'AuthErrors', 'Validation', 'PartnerSignup']}>
        <CampaignLeadCapture campaign={campaign ? (kind as Exclude<SignupKind, 'travel' | 'delivery'>) : undefined}>
          <PartnerSignup
            variant={kind === 'delivery' ? 'delivery' : 'travel'}
            title={sheet.title}
            subtitle={sheet.subtitle}
            defaultCountry={region}
            headingLevel={campaign ? 'h2' : 'h1'}
            footer={
              <p className={styles.footer}>
                {ts('haveAccount')} <Link href={kind === 'delivery' ? '/delivery/login' : '/travel/login'}>{ts('loginLink')}</Link>
              </p>
            }
          />
        </CampaignLeadCapture>
      </ClientMessages>
    </>
  );
}
