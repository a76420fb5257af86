'use client';

import { useEffect, useMemo, useRef } from 'react';
import { useLocale } from 'next-intl';
import { APIProvider, Map, Marker, useMap } from '@vis.gl/react-google-maps';
import type { Place } from '@/lib/booking/vocabulary';
import styles from './track.module.css';

/** Zoom of the user map (docs/requirements/rider.md#numbers-the-screens-use). */
const USER_MAP_ZOOM = 14;

type Point = { lat: number; lng: number };

/** The line from the driver to the pickup, moved in place as the driver moves. */
function DriverLine({ from, to }: { from: Point; to: Point }) {
  const map = useMap();
  const line = useRef<google.maps.Polyline | null>(null);
  useEffect(() => {
    if (!map) return;
    line.current = new google.maps.Polyline({ map, strokeColor: '#1a73e8', strokeOpacity: 0.9, strokeWeight: 4 });
    return () => {
      line.current?.setMap(null);
      line.current = null;
    };
  }, [map]);
  useEffect(() => {
    line.current?.setPath([from, to]);
  }, [from, to, map]);
  return null;
}

type Props = { apiKey: string; pickup: Place; driver: Point; label: string; caption: string; driverLabel: string; pickupLabel: string };

/** The track map on Google Maps (NEXT_PUBLIC_GOOGLE_MAPS_API_KEY set): Driver and Pickup markers and the line between them. */
export function GoogleTrackMap({ apiKey, pickup, driver, label, caption, driverLabel, pickupLabel }: Props) {
  const language = useLocale().split('-')[0];
  // Google refuses LatLng literals with extra properties (name, at, stale).
  const pickupPoint = useMemo(() => ({ lat: pickup.lat, lng: pickup.lng }), [pickup.lat, pickup.lng]);
  const driverPoint = useMemo(() => ({ lat: driver.lat, lng: driver.lng }), [driver.lat, driver.lng]);
  return (
    <figure className={styles.map}>
      <div className={styles.googleMap} role="region" aria-label={label} data-testid="driver-marker" data-lat={driver.lat} data-lng={driver.lng}>
        <APIProvider apiKey={apiKey} language={language}>
          <Map defaultCenter={pickupPoint} defaultZoom={USER_MAP_ZOOM} gestureHandling="greedy" disableDefaultUI>
            <Marker position={driverPoint} label={driverLabel} title={driverLabel} />
            <Marker position={pickupPoint} label={pickupLabel} title={pickupLabel} />
            <DriverLine from={driverPoint} to={pickupPoint} />
          </Map>
        </APIProvider>
      </div>
      <figcaption className={styles.caption}>{caption}</figcaption>
    </figure>
  );
}
