'use client';

import { useEffect, useMemo, useRef, useState } from 'react';
import type { FleetMapHandle, FleetFeatures } from '@/components/maps/maplibre-fleet';
import { useOpenMapStyle } from '@/components/maps/open-map-style';
import type { FleetData } from './api';
import { PICKUP_COLOR, STALE_COLOR, STATE_COLORS } from './fleet-colors';
import { FleetSketch } from './fleet-sketch';
import { isStale, type LiveDriver } from './use-fleet';
import styles from './fleet-map.module.css';

const LOAD_TIMEOUT_MS = 12_000;

type Props = {
  drivers: LiveDriver[];
  rides: FleetData['rides'];
  now: number;
  staleAfterSeconds: number;
  center: { lat: number; lng: number };
  selected: number | null;
  onDriver: (id: number) => void;
  onRide: (id: number) => void;
  label: string;
  sketchNote: string;
};

function featuresOf({
  drivers,
  rides,
  now,
  staleAfterSeconds,
  selected,
}: Pick<Props, 'drivers' | 'rides' | 'now' | 'staleAfterSeconds' | 'selected'>): FleetFeatures {
  const point = (lng: number, lat: number, properties: Record<string, unknown>): GeoJSON.Feature => ({
    type: 'Feature',
    properties,
    geometry: { type: 'Point', coordinates: [lng, lat] },
  });
  return {
    drivers: {
      type: 'FeatureCollection',
      features: drivers
        .filter((d) => d.lat !== null && d.lng !== null)
        .map((d) => point(d.lng!, d.lat!, { id: d.id, state: d.state, stale: isStale(d, now, staleAfterSeconds), selected: d.id === selected })),
    },
    pickups: {
      type: 'FeatureCollection',
      features: rides.filter((r) => r.status === 'booked').map((r) => point(r.pickup.lng, r.pickup.lat, { id: r.id, needsDriver: r.needsDriver })),
    },
  };
}

/**
 * The fleet on the open-data map (MapLibre GL, GPU-drawn circles) over a
 * sketch of the same points, which shows at once and stays when the map
 * cannot load (no network or WebGL): drivers coloured by state, ringed red
 * when their position is stale, open pickups as rings.
 */
export function FleetMap(props: Props) {
  const styleUrl = useOpenMapStyle();
  const box = useRef<HTMLDivElement>(null);
  const handle = useRef<FleetMapHandle | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>(styleUrl ? 'loading' : 'failed');
  const features = useMemo(
    () => featuresOf(props),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the parts of props the features are made of
    [props.drivers, props.rides, props.now, props.staleAfterSeconds, props.selected],
  );
  const first = useRef(features);
  const handlers = useRef({ onDriver: props.onDriver, onRide: props.onRide });
  useEffect(() => {
    handlers.current = { onDriver: props.onDriver, onRide: props.onRide };
  });

  useEffect(() => {
    handle.current?.update(features);
  }, [features]);

  useEffect(() => {
    const container = box.current;
    if (!styleUrl || !container) return;
    let gone = false;
    const fail = (error: unknown) => {
      if (gone) return;
      console.warn('fleet map unavailable, showing the sketch:', error instanceof Error ? error.message : error);
      setState('failed');
    };
    const timer = setTimeout(() => fail(new Error('timed out')), LOAD_TIMEOUT_MS);
    import('@/components/maps/maplibre-fleet')
      .then(({ drawFleetMap }) =>
        drawFleetMap(container, styleUrl, first.current, props.center, {
          colors: STATE_COLORS,
          staleColor: STALE_COLOR,
          pickupColor: PICKUP_COLOR,
          onDriver: (id) => handlers.current.onDriver(id),
          onRide: (id) => handlers.current.onRide(id),
        }),
      )
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
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the map is made once per style; the centre is only its first view
  }, [styleUrl]);

  return (
    <div className={styles.stage} data-fleet-map={state}>
      {/* The hidden layer is inert, not only aria-hidden: MapLibre puts a focusable canvas in the box before its style loads. */}
      <div aria-hidden={state === 'ready' || undefined} inert={state === 'ready'}>
        {state === 'ready' ? (
          // the map covers it: only its space is kept, not 500 dots redrawn under the map every second
          <figure className={styles.sketch}>
            <div className={styles.sketchSpace} />
            <figcaption className={styles.sketchNote}>{props.sketchNote}</figcaption>
          </figure>
        ) : (
          <FleetSketch {...props} note={props.sketchNote} />
        )}
      </div>
      {state === 'failed' ? null : (
        <div ref={box} className={styles.map} role="img" aria-label={props.label} aria-hidden={state !== 'ready' || undefined} inert={state !== 'ready'} />
      )}
    </div>
  );
}
