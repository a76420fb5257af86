import { useLocale } from 'next-intl';
import type { Place } from '@/lib/booking/vocabulary';
import { routeText } from '@/lib/i18n/bidi';
import styles from './booking.module.css';
import { SketchGrid, SketchNote } from './sketch-parts';

const W = 320;
const H = 200;
const PAD = 36;

/** Projects two points into the box, keeping the aspect of the map (equirectangular, scaled by latitude). */
function project(a: Place, b: Place) {
  const kx = Math.cos(((a.lat + b.lat) / 2) * (Math.PI / 180));
  const dx = (b.lng - a.lng) * kx;
  const dy = b.lat - a.lat;
  const span = Math.max(Math.abs(dx), Math.abs(dy), 1e-6);
  const scale = Math.min((W - 2 * PAD) / (Math.abs(dx) || span), (H - 2 * PAD) / (Math.abs(dy) || span));
  const cx = W / 2 - (dx * scale) / 2;
  const cy = H / 2 + (dy * scale) / 2;
  return { p: { x: cx, y: cy }, d: { x: cx + dx * scale, y: cy - dy * scale } };
}

/**
 * The route drawn without a maps key: P and D markers on a sketch, a curved
 * line between them and the trip's distance and duration (docs/requirements/rider.md#choosing-a-vehicle);
 * `note` says on it that it is a sketch, not a map.
 */
export function RouteSketch({
  pickup,
  dropoff,
  label,
  tripText,
  pickupMarker,
  dropoffMarker,
  note,
}: {
  pickup: Place;
  dropoff: Place | null;
  label: string;
  tripText: string;
  pickupMarker: string;
  dropoffMarker: string;
  note?: string;
}) {
  const locale = useLocale();
  const points = dropoff ? project(pickup, dropoff) : { p: { x: W / 2, y: H / 2 }, d: null };
  const { p, d } = points;
  const bend = d ? { x: (p.x + d.x) / 2 - (d.y - p.y) * 0.2, y: (p.y + d.y) / 2 + (d.x - p.x) * 0.2 } : null;
  return (
    <figure className={styles.sketch}>
      <SketchNote note={note} />
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={label} className={styles.sketchSvg}>
        <SketchGrid id="grid" width={W} height={H} />
        {d && bend ? <path d={`M ${p.x} ${p.y} Q ${bend.x} ${bend.y} ${d.x} ${d.y}`} className={styles.sketchRoute} /> : null}
        <g className={styles.markerP}>
          <circle cx={p.x} cy={p.y} r="13" />
          <text x={p.x} y={p.y + 5} textAnchor="middle">
            {pickupMarker}
          </text>
        </g>
        {d ? (
          <g className={styles.markerD}>
            <circle cx={d.x} cy={d.y} r="13" />
            <text x={d.x} y={d.y + 5} textAnchor="middle">
              {dropoffMarker}
            </text>
          </g>
        ) : null}
      </svg>
      <figcaption className={styles.sketchCaption}>
        <span>{dropoff ? routeText(pickup.name, dropoff.name, locale) : pickup.name}</span>
        <strong>{tripText}</strong>
      </figcaption>
    </figure>
  );
}
