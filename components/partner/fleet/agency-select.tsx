'use client';

import { useId } from 'react';
import { useTranslations } from 'next-intl';
import ui from '@/components/ui/ui.module.css';
import { useAgencies } from './queries';

/** The Add Driver sheet's optional travel company; hidden while the business has none. */
export function AgencySelect({ value, onChange }: { value: number | null | undefined; onChange: (value: number | null) => void }) {
  const t = useTranslations('FleetDrivers');
  const id = useId();
  const agencies = useAgencies().data?.agencies.filter((a) => a.accountStatus !== 'Blocked') ?? [];
  if (!agencies.length) return null;
  return (
    <div className={ui.field}>
      <label htmlFor={`${id}-agency`}>{t('agencyLabel')}</label>
      <select
        id={`${id}-agency`}
        className={ui.input}
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value ? Number(event.target.value) : null)}
      >
        <option value="">{t('agencyNone')}</option>
        {agencies.map((agency) => (
          <option key={agency.id} value={agency.id}>
            {agency.name}
          </option>
        ))}
      </select>
    </div>
  );
}
