'use client';

import { useCallback, useId, useState } from 'react';
import { useTranslations } from 'next-intl';
import { FLEET_STATES } from '@/lib/dispatch/fleet-states';
import { RideActionDialog } from '@/components/partner/rides/ride-action-dialog';
import type { ActionKind, PartnerRide } from '@/components/partner/rides/types';
import { fetchBoardRide } from './api';
import { DispatchSettingsCard } from './dispatch-settings-card';
import { FleetDetail } from './fleet-detail';
import { FleetList, StateSwatch } from './fleet-list';
import { FleetMap } from './fleet-map';
import { useFleet } from './use-fleet';
import { useNow } from '@/components/ui/use-now';
import { ApiRequestError } from '@/components/data/fetch-data';
import { useSearchParam } from '@/components/ui/use-search-param';
import { Link } from '@/lib/i18n/navigation';
import type { ConsoleArea } from '../sections';
import styles from './fleet-map.module.css';

/**
 * The console's Map page: every driver live on the map, coloured by state,
 * with the age of their position (stale ones flagged) and the open pickups;
 * a driver or a pickup chosen on the map or in the list shows its ride, to
 * assign or reassign. Below, how the operator dispatches.
 * `?agency={id}` (the Travels menu's Track) shows that travel company's
 * drivers only, and says so when none of them is online instead of an
 * empty map.
 */
export function FleetMapScreen({ area, timeZone, center }: { area: ConsoleArea; timeZone: string; center: { lat: number; lng: number } }) {
  const t = useTranslations('FleetMap');
  const id = useId();
  // read after hydration (undefined until then); "Show the whole fleet" drops it
  const param = useSearchParam('agency');
  const [whole, setWhole] = useState(false);
  const agencyId = param === undefined ? null : whole ? undefined : agencyParam(param);
  const { query, drivers, rides, staleAfterSeconds } = useFleet(agencyId !== null, agencyId ?? undefined);
  const agency = query.data?.agency ?? null;
  const agencyGone = agencyId != null && query.error instanceof ApiRequestError && query.error.status === 404;
  const noneOnline = agency !== null && drivers.every((d) => d.state === 'offline');
  const now = useNow(5000);
  const [selected, setSelected] = useState<{ driver?: number; ride?: number }>({});
  // stable, so the memoised dots and rows of 500 drivers are not all redrawn for a new callback
  const selectDriver = useCallback((driver: number) => setSelected({ driver }), []);
  const selectRide = useCallback((ride: number) => setSelected({ ride }), []);
  const [action, setAction] = useState<{ ride: PartnerRide; kind: ActionKind } | null>(null);
  const [status, setStatus] = useState('');
  const counts = Object.fromEntries(FLEET_STATES.map((s) => [s, drivers.filter((d) => d.state === s).length]));

  const openRide = async (number: number, kind: ActionKind) => {
    const ride = await fetchBoardRide(number).catch(() => undefined);
    if (ride) setAction({ ride, kind });
    else setStatus(t('rideGone', { id: number }));
  };

  const wholeFleet = () => {
    window.history.replaceState(window.history.state, '', window.location.pathname);
    setSelected({});
    setWhole(true);
  };

  return (
    <section className={styles.screen} aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>{agency ? t('agencyTitle', { name: agency.name }) : t('title')}</h1>
      {agencyId != null ? (
        <p className={styles.agencyBar}>
          <button type="button" className={styles.linkButton} onClick={wholeFleet}>
            {t('wholeFleet')}
          </button>
          <Link href={`/${area}/agencies`}>{t('backToAgencies')}</Link>
        </p>
      ) : null}
      <p role="status">{agencyGone ? t('agencyGone') : query.isError ? t('loadError') : status}</p>
      {agency && noneOnline ? (
        <p className={styles.agencyNotice} role="note" data-agency-empty>
          {drivers.length === 0 ? t('agencyNoDrivers', { name: agency.name }) : t('agencyOffline', { name: agency.name })}
        </p>
      ) : null}
      <div className={styles.layout}>
        {agencyGone || (agency && noneOnline) ? null : (
          <FleetMap
            drivers={drivers}
            rides={rides}
            now={now}
            staleAfterSeconds={staleAfterSeconds}
            center={center}
            selected={selected.driver ?? null}
            onDriver={selectDriver}
            onRide={selectRide}
            label={t('mapLabel', { drivers: drivers.length, rides: rides.filter((r) => r.status === 'booked').length })}
            sketchNote={t('sketchNote')}
          />
        )}
        <div className={styles.side}>
          <ul className={styles.legend} aria-label={t('legend')}>
            {FLEET_STATES.map((s) => (
              <li key={s}>
                <StateSwatch state={s} />
                {t('count', { state: t(`states.${s}`), count: counts[s] })}
              </li>
            ))}
          </ul>
          <FleetDetail
            selected={selected}
            drivers={drivers}
            rides={rides}
            now={now}
            timeZone={timeZone}
            onOpen={(number, kind) => void openRide(number, kind)}
          />
          {query.data ? (
            <FleetList drivers={drivers} now={now} staleAfterSeconds={staleAfterSeconds} selected={selected.driver ?? null} onSelect={selectDriver} />
          ) : (
            <p role="status">{t('loading')}</p>
          )}
        </div>
      </div>
      {agencyId == null ? <DispatchSettingsCard /> : null}
      {action ? (
        <RideActionDialog
          ride={action.ride}
          kind={action.kind}
          timeZone={timeZone}
          onClose={() => setAction(null)}
          onDone={() => {
            setStatus(t('done', { id: action.ride.id }));
            setAction(null);
          }}
        />
      ) : null}
    </section>
  );
}

/** The travel company of `?agency=`, when it is an id. */
function agencyParam(value: string | null): number | undefined {
  return value && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : undefined;
}
