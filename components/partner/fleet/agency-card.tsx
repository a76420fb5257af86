'use client';

import { useTranslations } from 'next-intl';
import type { AgencyView } from '@/lib/fleet/agencies';
import type { ConsoleArea } from '../sections';
import { AccountCard } from './account-card';
import { STATUS_KEY, StatusBadge } from './fleet-ui';
import { usePatchAgency, useRemoveAgency } from './queries';
import styles from './fleet.module.css';

/**
 * A travel company: name, status, place, phone, its drivers, online switch and the menu (status action, Track, Remove).
 * Track opens the live map with this company's drivers only (docs/requirements/partner.md#drivers-and-travel-companies).
 */
export function AgencyCard({ area, agency }: { area: ConsoleArea; agency: AgencyView }) {
  const t = useTranslations('FleetAgencies');
  const crew = (
    <details className={styles.crew}>
      <summary>{t('driverCount', { count: agency.drivers.length })}</summary>
      {agency.drivers.length ? (
        <ul aria-label={t('driversLabel', { name: agency.name })}>
          {agency.drivers.map((driver) => (
            <li key={driver.id}>
              {driver.name} <StatusBadge status={driver.accountStatus} label={t(STATUS_KEY[driver.accountStatus])} />
            </li>
          ))}
        </ul>
      ) : null}
    </details>
  );
  const track = { key: 'track', label: t('track'), href: { pathname: `/${area}/map`, query: { agency: String(agency.id) } } };
  return (
    <AccountCard
      namespace="FleetAgencies"
      account={agency}
      patching={usePatchAgency()}
      removeAccount={useRemoveAgency().mutateAsync}
      items={[track]}
      afterPhone={crew}
    />
  );
}
