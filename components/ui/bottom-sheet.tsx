'use client';

import { useRef, useState, type ReactNode, type PointerEvent } from 'react';
import { clampSheetHeight, SHEET, snapSheetHeight } from '@/lib/ui/sheet';
import styles from './bottom-sheet.module.css';

/**
 * A draggable bottom sheet on phones (snaps to 30/50/85 dvh); on wide screens
 * it is a plain panel. `handleLabel` names the drag handle for assistive tech.
 */
export function BottomSheet({
  children,
  initialHeight = SHEET.DEFAULT,
  handleLabel,
  labelledBy,
}: {
  children: ReactNode;
  initialHeight?: number;
  handleLabel: string;
  labelledBy?: string;
}) {
  const [height, setHeight] = useState<number>(initialHeight);
  const drag = useRef<{ startY: number; startHeight: number } | null>(null);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { startY: event.clientY, startHeight: height };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    const deltaVh = ((drag.current.startY - event.clientY) / window.innerHeight) * 100;
    setHeight(clampSheetHeight(drag.current.startHeight + deltaVh));
  };
  const onPointerUp = () => {
    if (!drag.current) return;
    drag.current = null;
    setHeight((h) => snapSheetHeight(h));
  };
  const onKeyDown = (event: React.KeyboardEvent<HTMLDivElement>) => {
    const points = SHEET.SNAP_POINTS as readonly number[];
    const index = points.indexOf(snapSheetHeight(height));
    if (event.key === 'ArrowUp') setHeight(points[Math.min(points.length - 1, index + 1)]);
    if (event.key === 'ArrowDown') setHeight(points[Math.max(0, index - 1)]);
  };

  return (
    <section
      className={styles.sheet}
      style={{ '--sheet-height': `${height}dvh` } as React.CSSProperties}
      aria-labelledby={labelledBy}
      data-height={Math.round(height)}
    >
      <div
        className={styles.handle}
        role="slider"
        tabIndex={0}
        aria-label={handleLabel}
        aria-valuemin={SHEET.MIN}
        aria-valuemax={SHEET.MAX}
        aria-valuenow={Math.round(height)}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        onKeyDown={onKeyDown}
      >
        <span className={styles.grip} />
      </div>
      <div className={styles.body}>{children}</div>
    </section>
  );
}
