import { memo, useState } from 'react';
import type { FleetData } from './api';
import { PICKUP_COLOR, STALE_COLOR, STATE_COLORS } from './fleet-colors';
import { isStale, type LiveDriver } from './use-fleet';
import styles from './fleet-map.module.css';

const W = 640;
const H = 400;
const PAD = 24;
/** The frame reaches this share of the points' span beyond them on each side, so a driver moving near the edge does not move the frame. */
const MARGIN = 0.1;
/** The frame is drawn again (every dot moves) only when a point leaves it, or the points fill less than this share of it. */
const MIN_FILL = 0.5;

type Box = { minLat: number; maxLat: number; minLng: number; maxLng: number };

function boxOf(lats: number[], lngs: number[]): Box {
  let [minLat, maxLat, minLng, maxLng] = [Infinity, -Infinity, Infinity, -Infinity];
  for (let i = 0; i < lats.length; i++) {
    minLat = Math.min(minLat, lats[i]);
    maxLat = Math.max(maxLat, lats[i]);
    minLng = Math.min(minLng, lngs[i]);
    maxLng = Math.max(maxLng, lngs[i]);
  }
  return { minLat, maxLat, minLng, maxLng };
}

/** The points' box with a margin on each side (at least 0.02 degrees across). */
function frameAround(points: Box): Box {
  const lat = Math.max(points.maxLat - points.minLat, 0.02) * MARGIN;
  const lng = Math.max(points.maxLng - points.minLng, 0.02) * MARGIN;
  return { minLat: points.minLat - lat, maxLat: points.maxLat + lat, minLng: points.minLng - lng, maxLng: points.maxLng + lng };
}

/** Whether the frame still shows every point and is not mostly empty. */
function frameFits(frame: Box, points: Box): boolean {
  const inside = points.minLat >= frame.minLat && points.maxLat <= frame.maxLat && points.minLng >= frame.minLng && points.maxLng <= frame.maxLng;
  const fill = (span: number, of: number) => Math.max(span, 0.02) / Math.max(of, 0.02);
  return (
    inside &&
    (fill(points.maxLat - points.minLat, frame.maxLat - frame.minLat) >= MIN_FILL ||
      fill(points.maxLng - points.minLng, frame.maxLng - frame.minLng) >= MIN_FILL)
  );
}

/**
 * The fleet drawn on a plain sketch (no map tiles): what shows while the map loads, and instead of it offline.
 * Its frame stays put while the drivers move inside it, so a batch of positions redraws only the dots that
 * moved, not all 500.
 */
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
  // in a fixed order (the fleet comes sorted by state, which changes all the time): a new state recolours a dot
  // instead of moving it among 500 others in the document
  const placed = drivers.filter((d): d is LiveDriver & { lat: number; lng: number } => d.lat !== null && d.lng !== null).sort((a, b) => a.id - b.id);
  const pickups = rides.filter((r) => r.status === 'booked');
  const lats = [...placed.map((d) => d.lat), ...pickups.map((r) => r.pickup.lat), center.lat];
  const lngs = [...placed.map((d) => d.lng), ...pickups.map((r) => r.pickup.lng), center.lng];
  const points = boxOf(lats, lngs);
  const [kept, setFrame] = useState(() => frameAround(points));
  // a new frame when the points outgrow this one (React's state from the previous render)
  const frame = frameFits(kept, points) ? kept : frameAround(points);
  if (frame !== kept) setFrame(frame);
  const { minLat, maxLat, minLng, maxLng } = frame;
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
