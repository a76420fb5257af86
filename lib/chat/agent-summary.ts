import type { Ride, VehicleType } from '@/lib/db/schema/rides';
import type { TripSlots } from './parse';
import { line, type ReplyLine, type ReplyValue } from './reply';
import type { AgentState } from './state';
import { zonedAt } from './agent-turn';

/** The vehicle as a reply says it: its name, or "Sedan (AC)" / "Sedan (non-AC)" once the rider chose. */
export function vehicleValue(vehicle: VehicleType, ac: boolean | undefined): ReplyValue {
  if (ac === undefined) return { vehicle };
  return { line: line(ac ? 'vehicleAc' : 'vehicleNonAc', { vehicle: { vehicle } }) };
}

/** "Chennai → Bengaluru, Tue, Nov 24, 2026, 8:00 PM" (or the return or rental form). */
export function summaryLine(slots: TripSlots, timeZone: string): ReplyLine {
  const from = slots.pickup?.name ?? '';
  const at = { at: zonedAt(slots.pickupDate, slots.pickupTime, timeZone) ?? new Date().toISOString() };
  if (slots.tripKind === 'rental') return line('summaryRental', { hours: Number.parseInt(slots.packageCode ?? '8', 10), from, at });
  const to = slots.dropoff?.name ?? '';
  const back = zonedAt(slots.returnDate, slots.returnTime, timeZone);
  return slots.rideType === 'return' && back ? line('summaryReturn', { from, to, at, returnAt: { at: back } }) : line('summaryOneway', { from, to, at });
}

/** The same summary for a booked ride, from the ride itself (what the LLM agent booked has no slots). */
export function rideSummaryLine(ride: Pick<Ride, 'tripKind' | 'rideType' | 'packageCode' | 'pickup' | 'dropoff' | 'pickupTime' | 'returnTime'>): ReplyLine {
  const from = ride.pickup.name;
  const at = { at: ride.pickupTime.toISOString() };
  if (ride.tripKind === 'rental') return line('summaryRental', { hours: Number.parseInt(ride.packageCode ?? '8', 10), from, at });
  const to = ride.dropoff?.name ?? '';
  return ride.rideType === 'return' && ride.returnTime
    ? line('summaryReturn', { from, to, at, returnAt: { at: ride.returnTime.toISOString() } })
    : line('summaryOneway', { from, to, at });
}

/** The "booked" line: the rider gets the start code; the console's customer gets it by SMS or WhatsApp, so the console is told whom it booked for. */
export function bookedLine(ride: Pick<Ride, 'number' | 'startCode'>, vehicle: ReplyValue, summary: ReplyLine, customer?: AgentState['customer']): ReplyLine {
  return customer
    ? line('bookedForCustomer', {
        rideId: ride.number,
        name: customer.name,
        phone: { ltr: `+${customer.dialCode} ${customer.number}` },
        vehicle,
        summary: { line: summary },
      })
    : line('booked', { rideId: ride.number, vehicle, summary: { line: summary }, startCode: ride.startCode });
}
