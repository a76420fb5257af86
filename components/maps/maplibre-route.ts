import maplibregl from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';

/** How near the map comes to its points (a city block), and the room kept around them. */
const MAX_ZOOM = 14;
const PADDING = 40;

/**
 * Draws the points (P, D, the driver) and, when asked, a line between the first two on a
 * MapLibre map in `container`. Resolves with the map once its style has loaded; rejects when
 * the style, WebGL or the network fails first. Loaded on demand only (never first-load JS).
 */
export type MapPoint = { lat: number; lng: number; marker: string; tone: 'pickup' | 'dropoff' | 'driver' };

export type RouteMapHandle = { remove: () => void; update: (points: MapPoint[]) => void };

export function drawRouteMap(container: HTMLElement, styleUrl: string, points: MapPoint[], line: boolean, language: string): Promise<RouteMapHandle> {
  return new Promise((resolve, reject) => {
    const bounds = new maplibregl.LngLatBounds();
    for (const point of points) bounds.extend([point.lng, point.lat]);
    let map: maplibregl.Map;
    try {
      map = new maplibregl.Map({
        container,
        style: styleUrl,
        bounds,
        fitBoundsOptions: { padding: PADDING, maxZoom: MAX_ZOOM },
        attributionControl: { compact: true },
        cooperativeGestures: true,
        locale: {},
        maxZoom: 18,
      });
    } catch (error) {
      reject(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    let loaded = false;
    map.on('error', (event) => {
      if (loaded) return console.warn('open map', event.error?.message);
      map.remove();
      reject(event.error ?? new Error('map failed'));
    });
    map.once('load', () => {
      loaded = true;
      const lineOf = (at: MapPoint[]) => ({
        type: 'Feature' as const,
        properties: {},
        geometry: { type: 'LineString' as const, coordinates: at.slice(0, 2).map((p) => [p.lng, p.lat]) },
      });
      if (line && points.length > 1) {
        map.addSource('route', { type: 'geojson', data: lineOf(points) });
        map.addLayer({
          id: 'route',
          type: 'line',
          source: 'route',
          layout: { 'line-cap': 'round' },
          paint: { 'line-color': '#0f766e', 'line-width': 4, 'line-dasharray': [2, 1.5] },
        });
      }
      const markers = points.map((point) => {
        const element = document.createElement('span');
        element.className = `open-map-marker open-map-marker-${point.tone}`;
        element.textContent = point.marker;
        element.lang = language;
        return new maplibregl.Marker({ element }).setLngLat([point.lng, point.lat]).addTo(map);
      });
      resolve({
        remove: () => map.remove(),
        // A moving driver: the markers and the line follow, the view stays where the rider left it.
        update: (next) => {
          next.forEach((point, i) => markers[i]?.setLngLat([point.lng, point.lat]));
          const source = map.getSource('route');
          if (source && 'setData' in source && typeof source.setData === 'function') (source as maplibregl.GeoJSONSource).setData(lineOf(next));
        },
      });
    });
  });
}
