'use client';

import dynamic from 'next/dynamic';
import type { Place } from '@/lib/booking/vocabulary';
import { RouteSketch } from './route-sketch';

const GOOGLE_KEY = process.env.NEXT_PUBLIC_GOOGLE_MAPS_API_KEY;
const GoogleRouteMap = GOOGLE_KEY ? dynamic(() => import('./google-route-map').then((m) => m.GoogleRouteMap), { ssr: false }) : null;

type Props = { pickup: Place; dropoff: Place | null; label: string; tripText: string; pickupMarker: string; dropoffMarker: string };

/** Google's driving route when NEXT_PUBLIC_GOOGLE_MAPS_API_KEY is set; otherwise the route sketch, so the step is never blank. */
export function RouteMap(props: Props) {
  if (GoogleRouteMap && GOOGLE_KEY && props.dropoff) return <GoogleRouteMap apiKey={GOOGLE_KEY} {...props} dropoff={props.dropoff} />;
  return <RouteSketch {...props} />;
}
