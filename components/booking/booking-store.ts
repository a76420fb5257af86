'use client';

import { useSyncExternalStore } from 'react';
import type { Place, RideType, TripKind, VehicleType } from '@/lib/db/schema/rides';
import type { QuoteView } from '@/lib/fares/quote';

/** The ride form data of spec 000 §3, as the form leaves it for the vehicle step. */
export type RideFormData = {
  tripKind: TripKind;
  rideType: RideType;
  packageDetails: string | null;
  pickupLocation: Place | null;
  dropoffLocation: Place | null;
  pickupDate: string;
  pickupTime: string;
  returnDate: string;
  returnTime: string;
  /** ISO instants sent to the quote call. */
  pickupAt: string | null;
  returnAt: string | null;
  flightNumber: string;
  flightDirection: 'arrival' | 'departure';
  phone: { dialCode: string; number: string } | null;
};

export type SelectedVehicle = { quote: QuoteView; vehicleType: VehicleType };
export type Confirmation = { rideId: number; cashbackAmount: number; currency: string } | null;

type State = { form: RideFormData | null; selected: SelectedVehicle | null; confirmation: Confirmation | undefined };

const KEYS = { form: 'ride_form', selected: 'ride_selected', confirmation: 'ride_confirmed' } as const;
const listeners = new Set<() => void>();
let state: State | null = null;

function read<T>(key: string): T | null {
  try {
    const raw = sessionStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

function load(): State {
  state ??= { form: read(KEYS.form), selected: read(KEYS.selected), confirmation: read<{ value: Confirmation }>(KEYS.confirmation)?.value };
  return state;
}

function write(next: Partial<State>) {
  state = { ...load(), ...next };
  for (const [field, key] of Object.entries(KEYS) as [keyof State, string][]) {
    if (!(field in next)) continue;
    const value = next[field];
    if (value === null || value === undefined) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, JSON.stringify(field === 'confirmation' ? { value } : value));
  }
  listeners.forEach((l) => l());
}

/** Stored per tab (sessionStorage), so a reload keeps the booking where it was. */
export const bookingStore = {
  saveForm: (form: RideFormData) => write({ form, selected: null, confirmation: undefined }),
  select: (selected: SelectedVehicle) => write({ selected }),
  /** `null` records a failed booking: the confirmation screen shows its empty state. */
  confirm: (confirmation: Confirmation) => write({ confirmation, selected: null }),
  clearConfirmation: () => write({ confirmation: undefined }),
};

const SERVER: State = { form: null, selected: null, confirmation: undefined };

export function useBookingState(): State & { ready: boolean } {
  const snapshot = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    load,
    () => SERVER,
  );
  return { ...snapshot, ready: snapshot !== SERVER };
}
