/**
 * @jest-environment jsdom
 */
import { act, render } from '@testing-library/react';
import { OpenMap } from '@/components/maps/open-map';
import { OpenMapStyle } from '@/components/maps/open-map-style';
import { FleetMap } from '@/components/partner/fleet-map/fleet-map';

/*
 * While the open-data map loads (its style can take seconds, or never come),
 * MapLibre has already put a focusable canvas and its controls in the box. A
 * keyboard or screen-reader user must not land in a layer the page hides from
 * them: the hidden layer (the map while loading, the sketch once the map is
 * up) is inert, not only aria-hidden (axe: aria-hidden-focus).
 */

let finish: ((handle: { remove: () => void; update: () => void; focus?: () => void }) => void) | null = null;
/** What MapLibre does to the box before its style has loaded: a focusable canvas and a link. */
function drawing(container: HTMLElement) {
  const canvas = document.createElement('canvas');
  canvas.tabIndex = 0;
  container.append(canvas);
  const attribution = document.createElement('a');
  attribution.href = 'https://openfreemap.org';
  attribution.textContent = 'OpenFreeMap';
  container.append(attribution);
  return new Promise((resolve) => (finish = resolve));
}
jest.mock('@/components/maps/maplibre-route', () => ({ drawRouteMap: drawing }));
jest.mock('@/components/maps/maplibre-fleet', () => ({ drawFleetMap: drawing }));

const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])';

/** Focusable elements inside something hidden from assistive technology and not made inert. */
function hiddenButFocusable(root: HTMLElement): Element[] {
  return [...root.querySelectorAll('[aria-hidden="true"]')].flatMap((hidden) =>
    [hidden, ...hidden.querySelectorAll(FOCUSABLE)].filter((el) => el.matches(FOCUSABLE) && !el.closest('[inert]')),
  );
}

const sketch = (
  <svg role="img" aria-label="Route sketch">
    <a href="#details">
      <text>details</text>
    </a>
  </svg>
);

it('keeps focus out of the map while it loads, and out of the sketch once the map is up', async () => {
  const { container } = render(
    <OpenMap
      styleUrl="https://tiles.example.com/style.json"
      points={[{ lat: 13, lng: 80, marker: 'P', tone: 'pickup' }]}
      line={false}
      label="Map"
      language="en"
      sketch={sketch}
    />,
  );
  await act(async () => undefined);
  expect(container.querySelector('canvas')).not.toBeNull();
  expect(container.querySelector('[data-open-map]')?.getAttribute('data-open-map')).toBe('loading');
  expect(hiddenButFocusable(container)).toEqual([]);
  // the sketch is what a user reaches while the map loads
  expect(container.querySelector('a[href="#details"]')?.closest('[inert]')).toBeNull();

  await act(async () => finish!({ remove: () => undefined, update: () => undefined }));
  expect(container.querySelector('[data-open-map]')?.getAttribute('data-open-map')).toBe('ready');
  expect(hiddenButFocusable(container)).toEqual([]);
  expect(container.querySelector('canvas')?.closest('[inert]')).toBeNull();
});

it("does the same on the console's fleet map", async () => {
  const { container } = render(
    <OpenMapStyle url="https://tiles.example.com/style.json">
      <FleetMap
        drivers={[]}
        rides={[]}
        now={Date.now()}
        staleAfterSeconds={120}
        center={{ lat: 13, lng: 80 }}
        selected={null}
        onDriver={() => undefined}
        onRide={() => undefined}
        label="Fleet map"
        sketchNote="A sketch"
      />
    </OpenMapStyle>,
  );
  await act(async () => undefined);
  expect(container.querySelector('[data-fleet-map]')?.getAttribute('data-fleet-map')).toBe('loading');
  expect(container.querySelector('canvas')).not.toBeNull();
  expect(hiddenButFocusable(container)).toEqual([]);
  await act(async () => finish!({ remove: () => undefined, update: () => undefined, focus: () => undefined }));
  expect(container.querySelector('[data-fleet-map]')?.getAttribute('data-fleet-map')).toBe('ready');
  expect(hiddenButFocusable(container)).toEqual([]);
  expect(container.querySelector('canvas')?.closest('[inert]')).toBeNull();
});
