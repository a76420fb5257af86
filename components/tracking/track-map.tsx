'use client';

import dynamic from 'next/dynamic';
import { useLocale, useTranslations } from 'next-intl';
import type { Place } from '@/lib/booking/vocabulary';
import { OpenMap } from '@/components/maps/open-map';
import { useOpenMapStyle } from '@/components/maps/open-map-style';
import { TrackSketch } from './track-sketch';

const GOOGLE_KEY = process.env.NEXT_PUBLIC_GOOGLE_MAPS_API_KEY;
const GoogleTrackMap = GOOGLE_KEY ? dynamic(() => import('./google-track-map').then((m) => m.GoogleTrackMap), { ssr: false }) : null;

type Props = {
  pickup: Place;
  driver: { lat: number; lng: number };
  label: string;
  caption: string;
  driverLabel: string;
  pickupLabel: string;
  driverMarker: string;
  pickupMarker: string;
};

/** Google's map when NEXT_PUBLIC_GOOGLE_MAPS_API_KEY is set, else the open-data map over the sketch (which stays when that map cannot load), so the page is never blank. */
export function TrackMap(props: Props) {
  const styleUrl = useOpenMapStyle();
  const tMaps = useTranslations('Maps');
  const language = useLocale().split('-')[0];
  if (GoogleTrackMap && GOOGLE_KEY) return <GoogleTrackMap apiKey={GOOGLE_KEY} {...props} />;
  const points = [
    { ...props.driver, marker: props.driverMarker, tone: 'driver' as const },
    { lat: props.pickup.lat, lng: props.pickup.lng, marker: props.pickupMarker, tone: 'pickup' as const },
  ];
  return (
    <OpenMap
      styleUrl={styleUrl}
      points={points}
      line
      label={props.label}
      language={language}
      sketch={<TrackSketch {...props} note={tMaps('sketchNote')} />}
      aspect="32 / 22"
    />
  );
}
