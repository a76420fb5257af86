'use client';

import { memo } from 'react';
import { useTranslations } from 'next-intl';
import { FLEET_STATES, type FleetState } from '@/lib/dispatch/fleet-states';
import { STATE_COLORS } from './fleet-colors';
import { isStale, type LiveDriver } from './use-fleet';
import styles from './fleet-map.module.css';

/** Seconds since a position, for "12 s ago". */
export const ageSeconds = (at: string | null, now: number) => (at ? Math.max(0, Math.round((now - Date.parse(at)) / 1000)) : null);

/** "position 12 s ago", or in minutes past two minutes; "no position yet". */
export function useAgeText() {
  const t = useTranslations('FleetMap');
  return (at: string | null, now: number) => {
    const seconds = ageSeconds(at, now);
    if (seconds === null) return t('noPosition');
    return seconds < 120 ? t('ageSeconds', { seconds }) : t('ageMinutes', { minutes: Math.floor(seconds / 60) });
  };
}

export function StateSwatch({ state }: { state: FleetState }) {
  return <span className={styles.swatch} style={{ background: STATE_COLORS[state] }} aria-hidden="true" />;
}

/**
 * Every driver with state, ride and the age of their position (stale ones flagged): the map's keyboard and
 * screen-reader way in. Grouped by state, each group in the fleet's order (by name): a driver whose state changes
 * leaves one group for another, and the other rows stay where they are. (In one list sorted by state, one driver
 * moving up made React move every row between its old and new place: hundreds of DOM moves for each read of a
 * busy fleet, docs/architecture/events.md#live-screens-under-load.)
 */
export function FleetList({
  drivers,
  now,
  staleAfterSeconds,
  selected,
  onSelect,
}: {
  drivers: LiveDriver[];
  now: number;
  staleAfterSeconds: number;
  selected: number | null;
  onSelect: (id: number) => void;
}) {
  const t = useTranslations('FleetMap');
  const groups = FLEET_STATES.map((state) => ({ state, drivers: drivers.filter((d) => d.state === state) })).filter((g) => g.drivers.length);
  return (
    <ul className={styles.list} aria-label={t('listLabel')}>
      {groups.map((group) => {
        const title = t('count', { state: t(`states.${group.state}`), count: group.drivers.length });
        return (
          <li key={group.state}>
            <h2 className={styles.groupTitle}>{title}</h2>
            <ul className={styles.group} aria-label={title}>
              {group.drivers.map((d) => (
                <FleetRow key={d.id} driver={d} now={now} stale={isStale(d, now, staleAfterSeconds)} selected={d.id === selected} onSelect={onSelect} />
              ))}
            </ul>
          </li>
        );
      })}
    </ul>
  );
}

/** One driver's row: redrawn only when the driver changed (moved, new state), the clock ticked or the selection moved. */
const FleetRow = memo(function FleetRow({
  driver: d,
  now,
  stale,
  selected,
  onSelect,
}: {
  driver: LiveDriver;
  now: number;
  stale: boolean;
  selected: boolean;
  onSelect: (id: number) => void;
}) {
  const t = useTranslations('FleetMap');
  const ageText = useAgeText();
  return (
    <li>
      <button type="button" className={styles.row} aria-pressed={selected} onClick={() => onSelect(d.id)} data-driver-row={d.id} data-state={d.state}>
        <StateSwatch state={d.state} />
        <span>
          {d.name} · {t(`states.${d.state}`)}
          {d.rideId ? ` · ${t('ride', { id: d.rideId })}` : ''}
        </span>
        <span className={stale ? `${styles.rowMeta} ${styles.stale}` : styles.rowMeta}>
          {ageText(d.at, now)}
          {stale ? ` · ${t('stale')}` : ''}
        </span>
      </button>
    </li>
  );
});
