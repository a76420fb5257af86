'use client';

import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { MapPoint, RouteMapHandle } from './maplibre-route';
import styles from './open-map.module.css';

/** A style that has not loaded by then is taken as unreachable: the sketch stays. */
const LOAD_TIMEOUT_MS = 12_000;

/**
 * The open-data map (MapLibre GL, lib/maps/open-map.ts) over `sketch`: the sketch shows at
 * once and stays when the map cannot load (no network, no WebGL, a bad style); once the map's
 * style has loaded, the map covers it. MapLibre's code and CSS are fetched only here, on demand.
 */
export function OpenMap({
  styleUrl,
  points,
  line,
  label,
  language,
  sketch,
  aspect = '16 / 10',
}: {
  styleUrl: string | null;
  points: MapPoint[];
  line: boolean;
  label: string;
  language: string;
  sketch: ReactNode;
  aspect?: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>(styleUrl ? 'loading' : 'failed');
  const handle = useRef<RouteMapHandle | null>(null);
  /** The points the map is made with; later points move its markers (a driver on the way). */
  const first = useRef(points);

  useEffect(() => {
    handle.current?.update(points);
  }, [points]);

  useEffect(() => {
    const container = box.current;
    if (!styleUrl || !container) return;
    let gone = false;
    const fail = (error: unknown) => {
      if (gone) return;
      console.warn('open map unavailable, showing the sketch:', error instanceof Error ? error.message : error);
      setState('failed');
    };
    const timer = setTimeout(() => fail(new Error('timed out')), LOAD_TIMEOUT_MS);
    import('./maplibre-route')
      .then(({ drawRouteMap }) => drawRouteMap(container, styleUrl, first.current, line, language))
      .then((drawn) => {
        clearTimeout(timer);
        if (gone) return drawn.remove();
        handle.current = drawn;
        setState('ready');
      }, fail);
    return () => {
      gone = true;
      clearTimeout(timer);
      handle.current?.remove();
      handle.current = null;
    };
  }, [styleUrl, line, language]);

  return (
    <div className={styles.stage} data-open-map={state}>
      {/* The hidden layer is inert, not only aria-hidden: MapLibre puts a focusable canvas in the box before its style loads. */}
      <div aria-hidden={state === 'ready' || undefined} inert={state === 'ready'}>
        {sketch}
      </div>
      {state === 'failed' ? null : (
        <div
          ref={box}
          className={styles.map}
          style={{ aspectRatio: aspect }}
          role="img"
          aria-label={label}
          aria-hidden={state !== 'ready' || undefined}
          inert={state !== 'ready'}
        />
      )}
    </div>
  );
}
