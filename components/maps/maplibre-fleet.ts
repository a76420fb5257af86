import maplibregl from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';

/*
 * The console's live fleet map on MapLibre: drivers and pickups as GeoJSON
 * circle layers drawn by the GPU (hundreds of markers moving every few
 * seconds cost one setData per frame, not a DOM element each). Loaded on
 * demand only.
 */

export type FleetFeatures = { drivers: GeoJSON.FeatureCollection; pickups: GeoJSON.FeatureCollection };
export type FleetMapHandle = { remove: () => void; update: (features: FleetFeatures) => void; focus: (point: { lat: number; lng: number }) => void };
export type FleetMapOptions = {
  colors: Record<string, string>;
  staleColor: string;
  pickupColor: string;
  onDriver: (id: number) => void;
  onRide: (id: number) => void;
};

const PADDING = 48;
const MAX_ZOOM = 14;

function boundsOf(features: FleetFeatures): maplibregl.LngLatBounds | undefined {
  const bounds = new maplibregl.LngLatBounds();
  let any = false;
  for (const feature of [...features.drivers.features, ...features.pickups.features]) {
    if (feature.geometry.type !== 'Point') continue;
    bounds.extend(feature.geometry.coordinates as [number, number]);
    any = true;
  }
  return any ? bounds : undefined;
}

export function drawFleetMap(
  container: HTMLElement,
  styleUrl: string,
  first: FleetFeatures,
  center: { lat: number; lng: number },
  options: FleetMapOptions,
): Promise<FleetMapHandle> {
  return new Promise((resolve, reject) => {
    let map: maplibregl.Map;
    const bounds = boundsOf(first);
    try {
      map = new maplibregl.Map({
        container,
        style: styleUrl,
        ...(bounds ? { bounds, fitBoundsOptions: { padding: PADDING, maxZoom: MAX_ZOOM } } : { center: [center.lng, center.lat], zoom: 10 }),
        attributionControl: { compact: true },
        maxZoom: 18,
      });
    } catch (error) {
      reject(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    let loaded = false;
    map.on('error', (event) => {
      if (loaded) return console.warn('fleet map', event.error?.message);
      map.remove();
      reject(event.error ?? new Error('map failed'));
    });
    map.once('load', () => {
      loaded = true;
      map.addSource('pickups', { type: 'geojson', data: first.pickups });
      map.addSource('drivers', { type: 'geojson', data: first.drivers });
      map.addLayer({
        id: 'pickups',
        type: 'circle',
        source: 'pickups',
        paint: {
          'circle-radius': 6,
          'circle-color': '#ffffff',
          'circle-stroke-color': ['case', ['get', 'needsDriver'], options.staleColor, options.pickupColor],
          'circle-stroke-width': 3,
        },
      });
      const colorByState = ['match', ['get', 'state'], ...Object.entries(options.colors).flat(), '#6b7280'] as unknown as maplibregl.ExpressionSpecification;
      map.addLayer({
        id: 'drivers',
        type: 'circle',
        source: 'drivers',
        paint: {
          'circle-radius': ['case', ['get', 'selected'], 10, 7],
          'circle-color': colorByState,
          'circle-stroke-color': ['case', ['get', 'stale'], options.staleColor, '#ffffff'],
          'circle-stroke-width': ['case', ['get', 'stale'], 3, 2],
        },
      });
      map.on('click', 'drivers', (event) => {
        const id = Number(event.features?.[0]?.properties?.id);
        if (id) options.onDriver(id);
      });
      map.on('click', 'pickups', (event) => {
        const id = Number(event.features?.[0]?.properties?.id);
        if (id) options.onRide(id);
      });
      for (const layer of ['drivers', 'pickups']) {
        map.on('mouseenter', layer, () => (map.getCanvas().style.cursor = 'pointer'));
        map.on('mouseleave', layer, () => (map.getCanvas().style.cursor = ''));
      }
      const set = (name: 'drivers' | 'pickups', data: GeoJSON.FeatureCollection) =>
        (map.getSource(name) as maplibregl.GeoJSONSource | undefined)?.setData(data);
      resolve({
        remove: () => map.remove(),
        update: (features) => {
          set('drivers', features.drivers);
          set('pickups', features.pickups);
        },
        focus: (point) => map.easeTo({ center: [point.lng, point.lat], zoom: Math.max(map.getZoom(), 12) }),
      });
    });
  });
}
