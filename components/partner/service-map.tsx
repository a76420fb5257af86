import type { ServiceArea } from '@/lib/db/schema';
import styles from './console.module.css';

const W = 300;
const H = 360;
const PAD = 28;
/** Room on the right for the city names. */
const LABEL_ROOM = 72;

/** The operator's service cities on a sketch (the console's right-hand map on large screens); the main city's dot is larger. */
export function ServiceMap({ cities, label }: { cities: ServiceArea[]; label: string }) {
  if (!cities.length) return null;
  const lats = cities.map((c) => c.lat);
  const lngs = cities.map((c) => c.lng);
  const [minLat, maxLat, minLng, maxLng] = [Math.min(...lats), Math.max(...lats), Math.min(...lngs), Math.max(...lngs)];
  const scale = Math.min((W - 2 * PAD - LABEL_ROOM) / Math.max(maxLng - minLng, 0.5), (H - 2 * PAD) / Math.max(maxLat - minLat, 0.5));
  const x = (lng: number) => PAD + (lng - minLng) * scale;
  const y = (lat: number) => H - PAD - (lat - minLat) * scale;
  return (
    <figure className={styles.map}>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={label}>
        <rect width={W} height={H} className={styles.mapBg} />
        {cities.map((city) => (
          <g key={city.id}>
            <circle cx={x(city.lng)} cy={y(city.lat)} r={city.isMain ? 8 : 5} className={styles.mapDot} />
            <text x={x(city.lng) + 8} y={y(city.lat) + 4} className={styles.mapLabel}>
              {city.name}
            </text>
          </g>
        ))}
      </svg>
    </figure>
  );
}
