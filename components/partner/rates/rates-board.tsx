'use client';

import { useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import type { VehicleType } from '@/lib/booking/vocabulary';
import { formatMoney } from '@/lib/i18n/format';
import { loadStatus } from '@/components/data/query-status';
import { useRates } from '../queries';
import ui from '@/components/ui/ui.module.css';
import { LoadState } from '../overview/load-state';
import table from '../customers/table.module.css';
import screen from '../overview/screen.module.css';
import { RateCardForm } from './rate-card-form';
import styles from './rates.module.css';
import { toMinor } from '@/lib/money/minor';

/** One card per vehicle type with its main fares; Edit opens the full form in place. */
export function RatesBoard() {
  const t = useTranslations('Rates');
  const tTypes = useTranslations('VehicleTypes');
  const locale = useLocale();
  const query = useRates();
  const [editing, setEditing] = useState<VehicleType | null>(null);
  const [saved, setSaved] = useState('');

  if (!query.data)
    return (
      <LoadState
        status={loadStatus(query) === 'error' ? 'error' : 'loading'}
        loading={t('loading')}
        error={t('loadError')}
        retry={t('retry')}
        onRetry={() => void query.refetch()}
      />
    );
  const { currency, cards } = query.data;
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
                <h2 className={styles.cardTitle}>{name}</h2>
                <span className={`${table.badge} ${card.active ? table.active : table.inactive}`}>{card.active ? t('offered') : t('notOffered')}</span>
              </div>
              <p className={screen.muted}>
                {t('summary', { baseFare: money(card.baseFare), perKm: money(card.perKm), outstationPerKm: money(card.outstationPerKm) })}
              </p>
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
                    onSaved={() => {
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
