'use client';

import { create } from 'zustand';
import { persist, type PersistStorage, type StorageValue } from 'zustand/middleware';
import type { VehicleType } from '@/lib/booking/vocabulary';
import type { RideAirport } from '@/lib/flights/ride-airport';
import type { BookInput, Quote, QuoteInput } from './api';

/** A field of the quote call's body, as the form holds it before it is complete. */
type Trip<K extends keyof QuoteInput> = NonNullable<QuoteInput[K]>;

/** The ride form data (docs/requirements/rider.md#booking-by-form), as the form leaves it for the vehicle step. */
export type RideFormData = {
  tripKind: Trip<'tripKind'>;
  rideType: Trip<'rideType'>;
  packageDetails: Trip<'packageDetails'> | null;
  pickupLocation: Trip<'pickupLocation'> | null;
  dropoffLocation: Trip<'dropoffLocation'> | null;
  pickupDate: string;
  pickupTime: string;
  returnDate: string;
  returnTime: string;
  /** ISO instants sent to the quote call. */
  pickupAt: string | null;
  returnAt: string | null;
  flightNumber: string;
  flightDirection: NonNullable<BookInput['flightDirection']>;
  phone: { dialCode: string; number: string } | null;
};

/** The quote call's body for the stored form; a "now" pickup is priced at the moment of the call. */
export function quoteInputOf(form: RideFormData) {
  return {
    rideType: form.rideType,
    tripKind: form.tripKind,
    packageDetails: form.tripKind === 'rental' ? form.packageDetails : null,
    pickupLocation: form.pickupLocation,
    dropoffLocation: form.tripKind === 'rental' ? null : form.dropoffLocation,
    pickupTime: form.pickupTime === 'now' ? new Date().toISOString() : form.pickupAt,
    returnTime: form.rideType === 'return' ? form.returnAt : null,
  };
}

/** `nonAc`: the type's non-AC option of the quote. */
export type SelectedVehicle = { quote: Quote; vehicleType: VehicleType; nonAc?: boolean };
/** A booked ride as the confirmation shows it (minor units); `walletApplied` was paid from the wallet. */
export type Confirmation = {
  rideId: number;
  cashbackAmount: number;
  walletApplied?: number;
  totalAmount?: number;
  currency: string;
  /** An airport pickup's meeting point (with the operator's photo) and free waiting (minutes). */
  meeting?: { point: RideAirport['meetingPoint']; freeMinutes: number; flight: boolean };
} | null;

type Booking = { form: RideFormData | null; selected: SelectedVehicle | null; confirmation: Confirmation | undefined };

type BookingState = Booking & {
  /** False in the server HTML and while hydrating; true once the tab's stored booking is read. */
  ready: boolean;
  saveForm: (form: RideFormData) => void;
  select: (selected: SelectedVehicle) => void;
  /** `null` records a failed booking: the confirmation screen shows its empty state. */
  confirm: (confirmation: Confirmation) => void;
  clearConfirmation: () => void;
};

/** sessionStorage keys, one per part, as the booking pages have always kept them. */
const KEYS = { form: 'ride_form', selected: 'ride_selected', confirmation: 'ride_confirmed' } as const;

function read<T>(key: string): T | null {
  try {
    const raw = sessionStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

/** persist's storage over the three keys (the confirmation wrapped as {value}); an empty part (and a failed booking's `null`) is removed. */
const bookingStorage: PersistStorage<Booking> = {
  getItem: () => ({
    state: { form: read(KEYS.form), selected: read(KEYS.selected), confirmation: read<{ value: Confirmation }>(KEYS.confirmation)?.value },
    version: 0,
  }),
  setItem: (_name, { state }: StorageValue<Booking>) => {
    for (const [field, key] of Object.entries(KEYS) as [keyof Booking, string][]) {
      const value = state[field];
      if (value === null || value === undefined) sessionStorage.removeItem(key);
      else sessionStorage.setItem(key, JSON.stringify(field === 'confirmation' ? { value } : value));
    }
  },
  removeItem: () => Object.values(KEYS).forEach((key) => sessionStorage.removeItem(key)),
};

/** The booking in progress, per tab (sessionStorage), so a reload keeps it where it was. */
export const useBookingStore = create<BookingState>()(
  persist(
    (set) => ({
      form: null,
      selected: null,
      confirmation: undefined,
      ready: false,
      saveForm: (form) => set({ form, selected: null, confirmation: undefined }),
      select: (selected) => set({ selected }),
      confirm: (confirmation) => set({ confirmation, selected: null }),
      clearConfirmation: () => set({ confirmation: undefined }),
    }),
    {
      name: 'ride',
      storage: typeof window === 'undefined' ? undefined : bookingStorage,
      partialize: ({ form, selected, confirmation }) => ({ form, selected, confirmation }),
      merge: (stored, current) => ({ ...current, ...(stored as Booking), ready: true }),
    },
  ),
);
