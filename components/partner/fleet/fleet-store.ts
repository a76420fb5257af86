'use client';

import { useSyncExternalStore } from 'react';

/** Snackbar durations in ms (spec 001 §9): success 5000, failure 3000. */
export const SNACKBAR_MS = { success: 5000, failure: 3000 } as const;

export type Snackbar = { id: number; text: string; tone: keyof typeof SNACKBAR_MS; closeLabel: string; until: number };
export type FleetTopic = 'vehicles' | 'drivers' | 'agencies';

type State = {
  snackbar: Snackbar | null;
  /** Bumped after a change, so the lists of that topic reload. */
  versions: Record<FleetTopic, number>;
  /** The Add Vehicle sheet, shared by the Vehicles screen and the empty-fleet prompt. */
  addVehicleOpen: boolean;
  /** Mounted Vehicles screens; while one is mounted it hosts the sheet. */
  vehicleScreens: number;
  /** Mounted snackbar hosts in mount order; the last one shows the snackbar. */
  hosts: number[];
};

const INITIAL: State = { snackbar: null, versions: { vehicles: 0, drivers: 0, agencies: 0 }, addVehicleOpen: false, vehicleScreens: 0, hosts: [] };
let state = INITIAL;
let nextId = 1;
const listeners = new Set<() => void>();

function set(change: Partial<State>) {
  state = { ...state, ...change };
  listeners.forEach((listener) => listener());
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Client-only fleet UI state shared across the console's sections (survives client navigation). */
export const fleetStore = {
  showSnackbar(text: string, tone: Snackbar['tone'], closeLabel: string) {
    set({ snackbar: { id: nextId++, text, tone, closeLabel, until: Date.now() + SNACKBAR_MS[tone] } });
  },
  dismissSnackbar(id: number) {
    if (state.snackbar?.id === id) set({ snackbar: null });
  },
  changed(...topics: FleetTopic[]) {
    set({ versions: { ...state.versions, ...Object.fromEntries(topics.map((topic) => [topic, state.versions[topic] + 1])) } });
  },
  openAddVehicle() {
    set({ addVehicleOpen: true });
  },
  closeAddVehicle() {
    set({ addVehicleOpen: false });
  },
  /** Registers a mounted Vehicles screen; returns the unregister function. */
  mountVehicleScreen() {
    set({ vehicleScreens: state.vehicleScreens + 1 });
    return () => set({ vehicleScreens: state.vehicleScreens - 1 });
  },
  newHostId: () => nextId++,
  /** Registers a snackbar host; returns the unregister function. */
  mountHost(id: number) {
    set({ hosts: [...state.hosts, id] });
    return () => set({ hosts: state.hosts.filter((h) => h !== id) });
  },
};

export function useFleetState<T>(select: (s: State) => T): T {
  return useSyncExternalStore(
    subscribe,
    () => select(state),
    () => select(INITIAL),
  );
}
