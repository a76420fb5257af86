'use client';

import { useEffect } from 'react';
import { useLocale } from 'next-intl';
import { APIProvider, Map, Marker, useMap, useMapsLibrary } from '@vis.gl/react-google-maps';
import type { Place } from '@/lib/booking/vocabulary';
import { routeText } from '@/lib/i18n/bidi';
import styles from './booking.module.css';

/** Zoom of the vehicle step's map (docs/requirements/rider.md#numbers-the-screens-use). */
const VEHICLE_STEP_ZOOM = 13;

function DrivingRoute({ pickup, dropoff }: { pickup: Place; dropoff: Place }) {
  const map = useMap();
  const routes = useMapsLibrary('routes');
  useEffect(() => {
    if (!map || !routes) return;
    const renderer = new routes.DirectionsRenderer({ map, suppressMarkers: true });
    new routes.DirectionsService()
      .route({ origin: pickup, destination: dropoff, travelMode: google.maps.TravelMode.DRIVING })
      .then((result) => renderer.setDirections(result))
      .catch((error: unknown) => console.warn('directions failure', error));
    return () => renderer.setMap(null);
  }, [map, routes, pickup, dropoff]);
  return null;
}

/** Google map with the driving route and P and D markers (used when NEXT_PUBLIC_GOOGLE_MAPS_API_KEY is set). */
export function GoogleRouteMap({
  apiKey,
  pickup,
  dropoff,
  label,
  tripText,
  pickupMarker,
  dropoffMarker,
}: {
  apiKey: string;
  pickup: Place;
  dropoff: Place;
  label: string;
  tripText: string;
  pickupMarker: string;
  dropoffMarker: string;
}) {
  const locale = useLocale();
  const language = locale.split('-')[0];
  return (
    <figure className={styles.sketch}>
      <div className={styles.googleMap} role="region" aria-label={label}>
        <APIProvider apiKey={apiKey} language={language}>
          <Map defaultCenter={pickup} defaultZoom={VEHICLE_STEP_ZOOM} gestureHandling="greedy" disableDefaultUI>
            <Marker position={pickup} label={pickupMarker} />
            <Marker position={dropoff} label={dropoffMarker} />
            <DrivingRoute pickup={pickup} dropoff={dropoff} />
          </Map>
        </APIProvider>
      </div>
      <figcaption className={styles.sketchCaption}>
        <span>{routeText(pickup.name, dropoff.name, locale)}</span>
        <strong>{tripText}</strong>
      </figcaption>
    </figure>
  );
}
