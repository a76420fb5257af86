import { PencilLine } from 'lucide';
import { Icon } from '@/components/ui/icon';
import styles from './booking.module.css';

/*
 * What the route sketch (booking) and the track sketch share when there is no
 * maps key: the note saying it is a drawing, not a map, and the faint grid.
 */

/** "Sketch, not a map" over the drawing; nothing without a note. */
export function SketchNote({ note }: { note?: string }) {
  if (!note) return null;
  return (
    <p className={styles.sketchNote} data-sketch-note>
      <Icon icon={PencilLine} size={14} />
      {note}
    </p>
  );
}

/** The grid the sketch is drawn on (inside its <svg>; `id` unique on the page). */
export function SketchGrid({ id, width, height }: { id: string; width: number; height: number }) {
  return (
    <>
      <defs>
        <pattern id={id} width="20" height="20" patternUnits="userSpaceOnUse">
          <path d="M 20 0 L 0 0 0 20" fill="none" stroke="currentColor" strokeOpacity="0.08" />
        </pattern>
      </defs>
      <rect width={width} height={height} fill={`url(#${id})`} />
    </>
  );
}
