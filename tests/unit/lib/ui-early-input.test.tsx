/**
 * @jest-environment jsdom
 */
import { act, useState } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { EarlyInput } from '@/components/ui/early-input';

/*
 * A rider who types, picks or ticks in the server HTML before the page's
 * scripts have run keeps it: once hydrated, the form's state holds what the
 * fields show (lib/http/front/scripts-after-paint.ts requests the scripts after the
 * first paint, so that moment is real on a phone).
 */

(globalThis as unknown as { IS_REACT_ACT_ENVIRONMENT: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function TripForm() {
  const [pickup, setPickup] = useState('');
  const [time, setTime] = useState('');
  const [returnTrip, setReturnTrip] = useState(false);
  const [kind, setKind] = useState('outstation');
  return (
    <form>
      <input aria-label="Pickup" value={pickup} onChange={(e) => setPickup(e.target.value)} />
      <select aria-label="Time" value={time} onChange={(e) => setTime(e.target.value)}>
        <option value="">Choose</option>
        <option value="20:00">8:00 PM</option>
      </select>
      <input type="checkbox" aria-label="Return" checked={returnTrip} onChange={(e) => setReturnTrip(e.target.checked)} />
      {['local', 'outstation'].map((k) => (
        <input key={k} type="radio" name="kind" value={k} aria-label={k} checked={kind === k} onChange={() => setKind(k)} />
      ))}
      <output>{JSON.stringify({ pickup, time, returnTrip, kind })}</output>
    </form>
  );
}

function Page() {
  return (
    <>
      <TripForm />
      <EarlyInput />
    </>
  );
}

/** Hydrates the page and lets the replay's task run. */
async function hydrate(container: HTMLElement, between?: () => void) {
  await act(async () => {
    hydrateRoot(container, <Page />);
  });
  between?.();
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

const state = (container: HTMLElement) => JSON.parse(container.querySelector('output')!.textContent!);

test('what was typed, picked and ticked before hydration reaches the form state, and stays in the fields', async () => {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<Page />);
  document.body.appendChild(container);
  // the rider, before any script ran
  container.querySelector<HTMLInputElement>('input[aria-label="Pickup"]')!.value = 'Chen';
  container.querySelector<HTMLSelectElement>('select')!.value = '20:00';
  container.querySelector<HTMLInputElement>('input[aria-label="Return"]')!.checked = true;
  container.querySelector<HTMLInputElement>('input[aria-label="local"]')!.checked = true;

  await hydrate(container);
  expect(state(container)).toEqual({ pickup: 'Chen', time: '20:00', returnTrip: true, kind: 'local' });
  expect(container.querySelector<HTMLInputElement>('input[aria-label="Pickup"]')!.value).toBe('Chen');
  expect(container.querySelector<HTMLInputElement>('input[aria-label="local"]')!.checked).toBe(true);
  expect(container.querySelector<HTMLInputElement>('input[aria-label="outstation"]')!.checked).toBe(false);
  container.remove();
});

test('a page nobody touched before hydration is left as rendered', async () => {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<Page />);
  document.body.appendChild(container);
  await hydrate(container);
  expect(state(container)).toEqual({ pickup: '', time: '', returnTrip: false, kind: 'outstation' });
  container.remove();
});

test("a field the rider changes again once hydrated is React's own: the early value is not replayed over it", async () => {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<Page />);
  document.body.appendChild(container);
  const select = container.querySelector<HTMLSelectElement>('select')!;
  select.value = '20:00';
  // hydrated, and before the replay's task the rider's change (a select fires input, then change) is handled by React
  await hydrate(container, () => {
    act(() => {
      select.value = '';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
  });
  expect(state(container).time).toBe('');
  expect(select.value).toBe('');
  container.remove();
});

test('a page rendered on the client (a navigation, not a hydration) replays nothing, even a select with no option marked selected', async () => {
  const container = document.createElement('div');
  document.body.appendChild(container);
  const changes: string[] = [];
  container.addEventListener('change', (event) => changes.push((event.target as HTMLSelectElement).value));
  await act(async () => {
    createRoot(container).render(<Page />);
  });
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
  expect(changes).toEqual([]);
  expect(state(container)).toEqual({ pickup: '', time: '', returnTrip: false, kind: 'outstation' });
  container.remove();
});
