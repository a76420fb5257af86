'use client';

import { useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import type { VehicleType } from '@/lib/db/schema/rides';
import type { RateCardView } from '@/lib/partner/rates';
import { formatMoney } from '@/lib/i18n/format';
import { useApiData } from '@/components/rider/use-api-data';
import ui from '@/components/ui/ui.module.css';
import { LoadState } from '../overview/load-state';
import table from '../customers/table.module.css';
import screen from '../overview/screen.module.css';
import { RateCardForm } from './rate-card-form';
import styles from './rates.module.css';

type RatesData = { currency: string; cards: RateCardView[] };
const toMinor = (major: number) => Math.round(major * 100);

/** One card per vehicle type with its main fares; Edit opens the full form in place. */
export function RatesBoard() {
  const t = useTranslations('Rates');
  const tTypes = useTranslations('VehicleTypes');
  const locale = useLocale();
  const { state, reload, update } = useApiData<RatesData>('/api/partner/rates');
  const [editing, setEditing] = useState<VehicleType | null>(null);
  const [saved, setSaved] = useState('');

  if (state.status !== 'ready') return <LoadState status={state.status} loading={t('loading')} error={t('loadError')} retry={t('retry')} onRetry={reload} />;
  const { currency, cards } = state.data;
  const money = (major: number) => formatMoney(toMinor(major), currency, locale);
  return (
    <>
      <p role="status" className={screen.status}>
        {saved}
      </p>
      <ul className={styles.cards}>
        {cards.map((card) => {
          const name = tTypes(card.vehicleType);
          const open = editing === card.vehicleType;
          const formId = `rates-${card.vehicleType}`;
          return (
            <li key={card.vehicleType} className={`${ui.card} ${styles.card}`}>
              <div className={screen.toolbar}>
                <h2 className={screen.grow}>{name}</h2>
                <span className={`${table.badge} ${card.active ? table.active : table.inactive}`}>{card.active ? t('offered') : t('notOffered')}</span>
              </div>
              <p className={screen.muted}>{t('summary', { baseFare: money(card.baseFare), perKm: money(card.perKm), outstationPerKm: money(card.outstationPerKm) })}</p>
              <p className={screen.muted}>{t('packagesCount', { count: card.rentalPackages.length })}</p>
              <button
                type="button"
                className={`${ui.button} ${ui.secondary}`}
                aria-expanded={open}
                aria-controls={open ? formId : undefined}
                onClick={() => {
                  setSaved('');
                  setEditing(open ? null : card.vehicleType);
                }}
              >
                {open ? t('close') : t('edit')}
              </button>
              {open ? (
                <div id={formId}>
                  <RateCardForm
                    card={card}
                    currency={currency}
                    vehicleName={name}
                    onSaved={(next) => {
                      update((data) => ({ ...data, cards: data.cards.map((c) => (c.vehicleType === next.vehicleType ? next : c)) }));
                      setEditing(null);
                      setSaved(t('saved', { vehicle: name }));
                    }}
                  />
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
    </>
  );
}
