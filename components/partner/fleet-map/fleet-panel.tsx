'use client';

import { useEffect, useState, type ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import { Link, usePathname } from '@/lib/i18n/navigation';
import { FLEET_STATES } from '@/lib/dispatch/fleet-states';
import type { ConsoleArea } from '../sections';
import { StateSwatch } from './fleet-list';
import { FleetMap } from './fleet-map';
import { useFleet } from './use-fleet';
import { useNow } from '@/components/ui/use-now';
import styles from './fleet-map.module.css';

/** Where the console shows its right-hand pane (console.module.css). */
const PANE_QUERY = '(min-width: 1280px)';

function usePaneShown(): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const media = window.matchMedia(PANE_QUERY);
    const update = () => setShown(media.matches);
    update();
    media.addEventListener('change', update);
    return () => media.removeEventListener('change', update);
  }, []);
  return shown;
}

/**
 * The pane beside every console screen on large screens: the fleet live on
 * the map with the count per state and a link to the Map page; `fallback`
 * (the service cities' sketch) elsewhere, and until the pane is shown.
 */
export function FleetPanel({ area, center, fallback }: { area: ConsoleArea; center: { lat: number; lng: number }; fallback: ReactNode }) {
  const t = useTranslations('FleetMap');
  // the Map page shows the fleet itself: the pane keeps the cities there
  const onMapPage = usePathname().endsWith('/map');
  const shown = usePaneShown() && !onMapPage;
  const { query, drivers, rides, staleAfterSeconds } = useFleet(shown);
  const now = useNow(5000);
  const [selected, setSelected] = useState<number | null>(null);
  if (!shown || !query.data) return <>{fallback}</>;
  return (
    <section className={styles.panel} aria-label={t('panelTitle')}>
      <h2>{t('panelTitle')}</h2>
      <FleetMap
        drivers={drivers}
        rides={rides}
        now={now}
        staleAfterSeconds={staleAfterSeconds}
        center={center}
        selected={selected}
        onDriver={setSelected}
        onRide={() => undefined}
        label={t('mapLabel', { drivers: drivers.length, rides: rides.filter((r) => r.status === 'booked').length })}
        sketchNote={t('sketchNote')}
      />
      <ul className={styles.legend}>
        {FLEET_STATES.map((s) => (
          <li key={s}>
            <StateSwatch state={s} />
            {t('count', { state: t(`states.${s}`), count: drivers.filter((d) => d.state === s).length })}
          </li>
        ))}
      </ul>
      <Link href={`/${area}/map`}>{t('open')}</Link>
    </section>
  );
}
