'use client';

import dynamic from 'next/dynamic';
import { useLocale, useTranslations } from 'next-intl';
import type { Place } from '@/lib/booking/vocabulary';
import { OpenMap } from '@/components/maps/open-map';
import { useOpenMapStyle } from '@/components/maps/open-map-style';
import { RouteSketch } from './route-sketch';

const GOOGLE_KEY = process.env.NEXT_PUBLIC_GOOGLE_MAPS_API_KEY;
const GoogleRouteMap = GOOGLE_KEY ? dynamic(() => import('./google-route-map').then((m) => m.GoogleRouteMap), { ssr: false }) : null;

type Props = { pickup: Place; dropoff: Place | null; label: string; tripText: string; pickupMarker: string; dropoffMarker: string };

/**
 * Google's driving route when NEXT_PUBLIC_GOOGLE_MAPS_API_KEY is set; otherwise the open-data
 * map (MapLibre, MAP_STYLE_URL) over the route sketch, which stays when that map cannot load,
 * so the step is never blank.
 */
export function RouteMap(props: Props) {
  const styleUrl = useOpenMapStyle();
  const tMaps = useTranslations('Maps');
  const language = useLocale().split('-')[0];
  if (GoogleRouteMap && GOOGLE_KEY && props.dropoff) return <GoogleRouteMap apiKey={GOOGLE_KEY} {...props} dropoff={props.dropoff} />;
  const { pickup, dropoff } = props;
  const points = [
    { ...pickup, marker: props.pickupMarker, tone: 'pickup' as const },
    ...(dropoff ? [{ ...dropoff, marker: props.dropoffMarker, tone: 'dropoff' as const }] : []),
  ];
  return (
    <OpenMap styleUrl={styleUrl} points={points} line label={props.label} language={language} sketch={<RouteSketch {...props} note={tMaps('sketchNote')} />} />
  );
}
