import { memo } from 'react';
import type { FleetData } from './api';
import { PICKUP_COLOR, STALE_COLOR, STATE_COLORS } from './fleet-colors';
import { isStale, type LiveDriver } from './use-fleet';
import styles from './fleet-map.module.css';

const W = 640;
const H = 400;
const PAD = 24;

/** The fleet drawn on a plain sketch (no map tiles): what shows while the map loads, and instead of it offline. */
export function FleetSketch({
  drivers,
  rides,
  now,
  staleAfterSeconds,
  selected,
  center,
  label,
  note,
  onDriver,
  onRide,
}: {
  drivers: LiveDriver[];
  rides: FleetData['rides'];
  now: number;
  staleAfterSeconds: number;
  selected: number | null;
  center: { lat: number; lng: number };
  label: string;
  note: string;
  onDriver: (id: number) => void;
  onRide: (id: number) => void;
}) {
  const placed = drivers.filter((d): d is LiveDriver & { lat: number; lng: number } => d.lat !== null && d.lng !== null);
  const pickups = rides.filter((r) => r.status === 'booked');
  const lats = [...placed.map((d) => d.lat), ...pickups.map((r) => r.pickup.lat), center.lat];
  const lngs = [...placed.map((d) => d.lng), ...pickups.map((r) => r.pickup.lng), center.lng];
  const [minLat, maxLat, minLng, maxLng] = [Math.min(...lats), Math.max(...lats), Math.min(...lngs), Math.max(...lngs)];
  const scale = Math.min((W - 2 * PAD) / Math.max(maxLng - minLng, 0.02), (H - 2 * PAD) / Math.max(maxLat - minLat, 0.02));
  const x = (lng: number) => PAD + (lng - minLng) * scale;
  const y = (lat: number) => H - PAD - (lat - minLat) * scale;
  return (
    <figure className={styles.sketch}>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={label}>
        <rect width={W} height={H} className={styles.sketchBg} />
        {pickups.map((r) => (
          <circle
            key={`r${r.id}`}
            data-ride={r.id}
            cx={x(r.pickup.lng)}
            cy={y(r.pickup.lat)}
            r={6}
            fill="#fff"
            stroke={r.needsDriver ? STALE_COLOR : PICKUP_COLOR}
            strokeWidth={3}
            onClick={() => onRide(r.id)}
          />
        ))}
        {placed.map((d) => (
          <DriverDot
            key={`d${d.id}`}
            driver={d}
            cx={x(d.lng)}
            cy={y(d.lat)}
            selected={d.id === selected}
            stale={isStale(d, now, staleAfterSeconds)}
            onDriver={onDriver}
          />
        ))}
      </svg>
      <figcaption className={styles.sketchNote}>{note}</figcaption>
    </figure>
  );
}

/** One driver's dot: redrawn only when it moved, changed state or staleness, or was (un)selected. */
const DriverDot = memo(function DriverDot({
  driver: d,
  cx,
  cy,
  selected,
  stale,
  onDriver,
}: {
  driver: LiveDriver & { lat: number; lng: number };
  cx: number;
  cy: number;
  selected: boolean;
  stale: boolean;
  onDriver: (id: number) => void;
}) {
  return (
    <circle
      data-driver={d.id}
      data-state={d.state}
      data-lat={d.lat}
      data-lng={d.lng}
      cx={cx}
      cy={cy}
      r={selected ? 10 : 7}
      fill={STATE_COLORS[d.state]}
      stroke={stale ? STALE_COLOR : '#fff'}
      strokeWidth={stale ? 3 : 2}
      onClick={() => onDriver(d.id)}
    />
  );
});
