import type { TripKind, VehicleType } from '@/lib/db/schema/rides';
import type { ExpectedSlot, PlaceField, TripSlots } from './parse';

export type Stage = 'collect' | 'quoted' | 'confirm' | 'booked' | 'cancelPick' | 'cancelConfirm';

/** Amounts in minor units, as the `quotes` card carries them; `nonAc`: the type's non-AC option, priced on its own (docs/requirements/rider.md#booking-by-chat). */
export type QuoteOption = { vehicleType: VehicleType; nonAc?: true; total: number; rideAmount: number; driverBata: number; tolls: number };

/** The quoted option of a type the rider asked for: its non-AC one when they said non-AC, else the AC one. */
export function optionFor(options: readonly QuoteOption[], vehicle: VehicleType, ac: boolean | undefined): QuoteOption | undefined {
  return options.find((o) => o.vehicleType === vehicle && Boolean(o.nonAc) === (ac === false));
}

export type QuoteMemo = {
  id: string;
  currency: string;
  options: QuoteOption[];
  /** The slots the quote was made for; any change asks for a new quote. */
  signature: string;
  distanceM: number;
  durationS: number;
  pickupTime: string;
  returnTime: string | null;
};

/** The built-in agent's memory between turns (`chat_sessions.state`). */
export type AgentState = {
  v: 1;
  stage: Stage;
  slots: TripSlots;
  /** A trip kind the rider named ("airport", "local"); otherwise it follows the places. */
  kindSaid?: TripKind;
  /** "to the airport" before the other end was known. */
  airportFor?: PlaceField;
  expect?: ExpectedSlot;
  quote?: QuoteMemo;
  selected?: VehicleType;
  bookedRideId?: number;
  cancel?: { rideIds: number[]; rideId?: number; resume: Stage };
  /** The console's agent: the customer the ride is for, and whether their name and phone were just asked for. */
  customer?: { name: string; dialCode: string; number: string };
  awaitingCustomer?: boolean;
  /** The part of the customer given so far (the name and the phone may come in separate messages, in either order). */
  customerDraft?: { name?: string; dialCode?: string; number?: string };
  /** The flight number last checked against the trip (an airport pickup asks for it and checks it once). */
  flightChecked?: string;
  /** A promo code the rider gave (upper case): checked on the chosen vehicle's fare, booked with the ride. */
  promo?: string;
  /** The LLM agent's last quote (it keeps no slots of its own). */
  llmQuote?: QuoteMemo;
};

export function freshState(): AgentState {
  return { v: 1, stage: 'collect', slots: {} };
}

const STAGES: readonly Stage[] = ['collect', 'quoted', 'confirm', 'booked', 'cancelPick', 'cancelConfirm'];

/** The stored state, or a fresh one when it is missing or from another version. */
export function readState(raw: unknown): AgentState {
  const value = raw as Partial<AgentState> | null | undefined;
  if (!value || value.v !== 1 || !STAGES.includes(value.stage as Stage) || typeof value.slots !== 'object' || !value.slots) return freshState();
  const state = value as AgentState;
  if ((state.stage === 'cancelPick' || state.stage === 'cancelConfirm') && !state.cancel) return { ...state, stage: 'collect' };
  if ((state.stage === 'quoted' || state.stage === 'confirm') && !state.quote) return { ...state, stage: 'collect' };
  return state;
}

/** The slot values a quote depends on. */
export function quoteSignature(slots: TripSlots): string {
  const { rideType, tripKind, packageCode, pickup, dropoff, pickupDate, pickupTime, returnDate, returnTime } = slots;
  return JSON.stringify([
    rideType,
    tripKind,
    packageCode,
    pickup?.name,
    pickup?.lat,
    pickup?.lng,
    dropoff?.name,
    dropoff?.lat,
    dropoff?.lng,
    pickupDate,
    pickupTime,
    returnDate,
    returnTime,
  ]);
}
