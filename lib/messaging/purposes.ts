/**
 * Why a message goes out. Every `deliver()` names one; ride purposes also name
 * the ride (its database id), so the ride's budget counts them. `codes`: the
 * recipient's sign-in codes count apart from other messages, so neither can
 * spend the other's budget (the code's own resend wait paces them). `oncePerMs`:
 * at most one message of this purpose per ride and channel within that time
 * (driver details: repeated reassignments become one message, see
 * lib/rides/trip-messages.ts).
 */
export const MESSAGE_PURPOSES = {
  /** A one-time sign-in or signup code (or one confirming a new e-mail). */
  'sign-in-code': { ride: false, codes: true },
  /** A customer booked by phone gets the ride and its start code (and the console's "Resend code to customer"). */
  'customer-code': { ride: true },
  /** A new start code to the rider after the console reset a code locked by wrong tries (lib/rides/start-code-reset.ts). */
  'start-code-reset': { ride: true },
  /** The driver's name, phone, vehicle and tracking link to the traveller, on accept and on a driver or vehicle change. */
  'driver-details': { ride: true, oncePerMs: 2 * 60_000 },
  /** An airport pickup moved with its flight, to the traveller: moves inside the window become one message with the latest time. */
  'pickup-moved': { ride: true, oncePerMs: 10 * 60_000 },
  /** The same move told to the assigned driver (their own number, so a budget apart from the traveller's). */
  'pickup-moved-driver': { ride: true, oncePerMs: 10 * 60_000 },
  /** "I am at the meeting point" to the traveller: pressed twice, told once. */
  'driver-arrived': { ride: true, oncePerMs: 10 * 60_000 },
  /** The reminder before an outstation pickup. */
  'pickup-reminder': { ride: true },
  /** A ride's status change told to the WhatsApp sender who booked it there. */
  'ride-status': { ride: true },
  /** The ask to rate a completed ride. */
  'rate-ask': { ride: true },
  /** The invoice e-mail of a completed ride. */
  invoice: { ride: true },
  /** A ride booked on the web, by chat or WhatsApp confirmed to the traveller with its start code (once per ride: its job's key). */
  'ride-booked': { ride: true },
  /** A cancellation told to the traveller, with who cancelled and why (once per ride: its job's key). */
  'ride-cancelled': { ride: true },
  /** "Ride assigned to you" to the driver the console gave a ride by hand (not one taken from an offer). */
  'driver-assigned': { ride: true },
  /** The invitation of a driver the operator adds: the driver app's address and the phone to sign in with. */
  'driver-invite': { ride: false },
} as const satisfies Record<string, { ride: boolean; codes?: boolean; oncePerMs?: number }>;

export type MessagePurpose = keyof typeof MESSAGE_PURPOSES;

export function onceWindowMs(purpose: MessagePurpose): number | undefined {
  const policy = MESSAGE_PURPOSES[purpose];
  return 'oncePerMs' in policy ? policy.oncePerMs : undefined;
}

export function isCodePurpose(purpose: MessagePurpose): boolean {
  const policy = MESSAGE_PURPOSES[purpose];
  return 'codes' in policy && policy.codes;
}
