import { qrCodePath } from '@/lib/partner/app-links';
import styles from './apps.module.css';

/** QR modules keep this many blank modules around them (the quiet zone scanners need). */
const QUIET = 4;

/** A QR code of `text`, drawn on the server as one SVG path. */
export function QrCode({ text, label }: { text: string; label: string }) {
  const { size, path } = qrCodePath(text);
  const span = size + QUIET * 2;
  return (
    <svg className={styles.qr} viewBox={`${-QUIET} ${-QUIET} ${span} ${span}`} role="img" aria-label={label} shapeRendering="crispEdges">
      <rect x={-QUIET} y={-QUIET} width={span} height={span} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
