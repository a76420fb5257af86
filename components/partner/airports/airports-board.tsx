'use client';

import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { formatMoney } from '@/lib/i18n/format';
import { Link } from '@/lib/i18n/navigation';
import { queryKeys } from '@/lib/query-keys';
import { loadStatus } from '@/components/data/query-status';
import ui from '@/components/ui/ui.module.css';
import { LoadState } from '../overview/load-state';
import screen from '../overview/screen.module.css';
import table from '../customers/table.module.css';
import rates from '../rates/rates.module.css';
import { sectionHref, type ConsoleArea } from '../sections';
import { fetchAirports, type AirportsData } from './api';
import { MeetingPointForm } from './meeting-point-form';
import { WaitingRulesForm } from './waiting-rules-form';
import styles from './airports.module.css';
import { toMinor } from '@/lib/money/minor';

/** Airports and waiting: the waiting rules with each vehicle's charge, then every served airport's meeting point. */
export function AirportsBoard({ area }: { area: ConsoleArea }) {
  const t = useTranslations('Airports');
  const query = useQuery({ queryKey: queryKeys.partner.airports(), queryFn: fetchAirports });
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
  return (
    <>
      <section className={`${ui.card} ${rates.card}`} aria-labelledby="waiting-title">
        <h2 id="waiting-title">{t('waiting.title')}</h2>
        <p className={screen.muted}>{t('waiting.subtitle')}</p>
        <WaitingRulesForm initial={query.data.waiting} />
        <WaitingCharges data={query.data} area={area} />
      </section>
      <MeetingPoints data={query.data} />
    </>
  );
}

function WaitingCharges({ data, area }: { data: AirportsData; area: ConsoleArea }) {
  const t = useTranslations('Airports');
  const tTypes = useTranslations('VehicleTypes');
  const locale = useLocale();
  return (
    <div>
      <h3>{t('waiting.chargesTitle', { minutes: data.waiting.blockMinutes })}</h3>
      <ul className={styles.charges}>
        {data.waitingCharges.map((charge) => (
          <li key={charge.vehicleType}>
            {t('waiting.chargeLine', { vehicle: tTypes(charge.vehicleType), amount: formatMoney(toMinor(charge.perBlock), data.currency, locale) })}
          </li>
        ))}
      </ul>
      <Link href={sectionHref(area, 'rates')}>{t('waiting.chargesLink')}</Link>
    </div>
  );
}

function MeetingPoints({ data }: { data: AirportsData }) {
  const t = useTranslations('Airports');
  const [editing, setEditing] = useState<string | null>(null);
  const [done, setDone] = useState('');
  return (
    <section className={`${ui.card} ${rates.card}`} aria-labelledby="meeting-title">
      <h2 id="meeting-title">{t('airports.title')}</h2>
      <p className={screen.muted}>{t('airports.subtitle')}</p>
      <p role="status" className={screen.status}>
        {done}
      </p>
      {data.airports.length === 0 ? <p>{t('airports.empty')}</p> : null}
      <ul className={styles.list}>
        {data.airports.map((airport) => {
          const open = editing === airport.code;
          const formId = `meeting-${airport.code}`;
          return (
            <li key={airport.code} className={styles.airport}>
              <div className={screen.toolbar}>
                <h3 className={screen.grow}>
                  {airport.name} ({airport.code})
                </h3>
                <span className={`${table.badge} ${airport.meetingPoint ? table.active : table.inactive}`}>
                  {airport.meetingPoint ? t('airports.set') : t('airports.notSet')}
                </span>
              </div>
              <p className={screen.muted}>{t('airports.distance', { km: airport.distanceKm })}</p>
              <button
                type="button"
                className={`${ui.button} ${ui.secondary}`}
                aria-expanded={open}
                aria-controls={open ? formId : undefined}
                onClick={() => {
                  setDone('');
                  setEditing(open ? null : airport.code);
                }}
              >
                {open ? t('airports.close') : t('airports.edit')}
              </button>
              {open ? (
                <div id={formId}>
                  <MeetingPointForm
                    airport={airport}
                    languages={data.languages}
                    onDone={(message) => {
                      setEditing(null);
                      setDone(message);
                    }}
                  />
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
