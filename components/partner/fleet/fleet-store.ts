'use client';

import { create } from 'zustand';

/** Snackbar durations in ms (docs/requirements/partner.md#numbers-the-console-uses): success 5000, failure 3000. */
export const SNACKBAR_MS = { success: 5000, failure: 3000 } as const;

export type Snackbar = { id: number; text: string; tone: keyof typeof SNACKBAR_MS; closeLabel: string; until: number };

type FleetState = {
  snackbar: Snackbar | null;
  /** Mounted snackbar hosts in mount order; the last one shows the snackbar. */
  hosts: number[];
  showSnackbar: (text: string, tone: Snackbar['tone'], closeLabel: string) => void;
  dismissSnackbar: (id: number) => void;
  newHostId: () => number;
  /** Registers a snackbar host; returns the unregister function. */
  mountHost: (id: number) => () => void;
};

let nextId = 1;

/** The console's fleet UI state, shared across its sections (survives client navigation); the lists themselves are react-query's. */
export const useFleetStore = create<FleetState>()((set, get) => ({
  snackbar: null,
  hosts: [],
  showSnackbar: (text, tone, closeLabel) => set({ snackbar: { id: nextId++, text, tone, closeLabel, until: Date.now() + SNACKBAR_MS[tone] } }),
  dismissSnackbar: (id) => {
    if (get().snackbar?.id === id) set({ snackbar: null });
  },
  newHostId: () => nextId++,
  mountHost: (id) => {
    set((s) => ({ hosts: [...s.hosts, id] }));
    return () => set((s) => ({ hosts: s.hosts.filter((h) => h !== id) }));
  },
}));
