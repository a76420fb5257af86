import type { Place } from '@/lib/booking/vocabulary';
import styles from './track.module.css';
import { SketchGrid, SketchNote } from '@/components/booking/sketch-parts';

const W = 320;
const H = 220;
const MARGIN = 40;

type Point = { lat: number; lng: number };

/**
 * The pickup at the centre and the driver around it on a fixed scale that
 * changes only in powers of two, so every move of the driver moves the marker.
 */
export function sketchPosition(pickup: Point, driver: Point): { x: number; y: number } {
  const kx = Math.cos((pickup.lat * Math.PI) / 180);
  const dx = (driver.lng - pickup.lng) * kx;
  const dy = driver.lat - pickup.lat;
  const reach = Math.max(Math.abs(dx), Math.abs(dy), 1e-4);
  const span = 2 ** Math.ceil(Math.log2(reach));
  const scale = (Math.min(W, H) / 2 - MARGIN) / span;
  return { x: W / 2 + dx * scale, y: H / 2 - dy * scale };
}

type Props = {
  pickup: Place;
  driver: Point;
  label: string;
  caption: string;
  driverLabel: string;
  pickupLabel: string;
  driverMarker: string;
  pickupMarker: string;
  note?: string;
};

/** The track map without a maps key: the pickup, the driver and the line between them (docs/requirements/rider.md#tracking-a-ride). */
/** `note` says on the drawing that it is a sketch, not a map. */
export function TrackSketch({ pickup, driver, label, caption, driverLabel, pickupLabel, driverMarker, pickupMarker, note }: Props) {
  const p = { x: W / 2, y: H / 2 };
  const d = sketchPosition(pickup, driver);
  return (
    <figure className={styles.map}>
      <SketchNote note={note} />
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={label} className={styles.sketch}>
        <SketchGrid id="track-grid" width={W} height={H} />
        <line x1={d.x} y1={d.y} x2={p.x} y2={p.y} className={styles.line} data-testid="track-line" />
        <g className={styles.pickup} transform={`translate(${p.x} ${p.y})`}>
          <circle r="12" />
          <text y="4" textAnchor="middle">
            {pickupMarker}
          </text>
          <text className={styles.markerLabel} y="28" textAnchor="middle">
            {pickupLabel}
          </text>
        </g>
        <g
          className={styles.driver}
          style={{ transform: `translate(${d.x}px, ${d.y}px)` }}
          data-testid="driver-marker"
          data-lat={driver.lat}
          data-lng={driver.lng}
        >
          <circle r="12" />
          <text y="4" textAnchor="middle">
            {driverMarker}
          </text>
          <text className={styles.markerLabel} y="-18" textAnchor="middle">
            {driverLabel}
          </text>
        </g>
      </svg>
      <figcaption className={styles.caption}>{caption}</figcaption>
    </figure>
  );
}
