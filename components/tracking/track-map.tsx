'use client';

import dynamic from 'next/dynamic';
import type { Place } from '@/lib/booking/vocabulary';
import { TrackSketch } from './track-sketch';

const GOOGLE_KEY = process.env.NEXT_PUBLIC_GOOGLE_MAPS_API_KEY;
const GoogleTrackMap = GOOGLE_KEY ? dynamic(() => import('./google-track-map').then((m) => m.GoogleTrackMap), { ssr: false }) : null;

type Props = { pickup: Place; driver: { lat: number; lng: number }; label: string; caption: string; driverLabel: string; pickupLabel: string; driverMarker: string; pickupMarker: string };

/** Google's map when NEXT_PUBLIC_GOOGLE_MAPS_API_KEY is set, else the sketch, so the page is never blank. */
export function TrackMap(props: Props) {
  if (GoogleTrackMap && GOOGLE_KEY) return <GoogleTrackMap apiKey={GOOGLE_KEY} {...props} />;
  return <TrackSketch {...props} />;
}
