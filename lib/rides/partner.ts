import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { users, type Ride } from '@/lib/db/schema';
import { transitionRide } from './lifecycle';
import type { BookForCustomerInput, RideAction } from './partner-schemas';
import { bookableQuote, bookRide } from './commands';
import { acceptRide, reassignRide } from './dispatch';
import { dispatchOptions } from './availability';
import { BOOKED_FOR_CUSTOMER_SOURCES, resendCustomerCode, sendBookingConfirmation } from './customer-messages';
import { resetStartCode } from './start-code-reset';
import { refuseBookingOnLowDisk } from '@/lib/db/free-space';
import { toMinor } from '@/lib/money/minor';

/** Applies a console action to one of the business's rides; the lifecycle refuses illegal moves. */
export async function applyRideAction(db: Db, businessId: number, actorUserId: number, rideId: number, action: RideAction): Promise<Ride> {
  const base = { businessId, rideId, actorUserId };
  switch (action.action) {
    case 'accept':
      return acceptRide(db, businessId, actorUserId, rideId, action);
    case 'reassign':
      return reassignRide(db, businessId, actorUserId, rideId, action);
    case 'resendCode':
      return resendCustomerCode(db, businessId, rideId);
    case 'decline':
      return transitionRide(db, { ...base, to: 'cancelled', reason: action.reason, cancelledBy: 'partner' });
    case 'start':
      return transitionRide(db, { ...base, to: 'ontrip', startCode: action.startCode });
    case 'complete':
      return transitionRide(db, {
        ...base,
        to: 'completed',
        finalTolls: action.finalTolls === undefined ? undefined : toMinor(action.finalTolls),
        paymentMethod: action.paymentMethod,
        waitingMinutes: action.waitingMinutes,
      });
    case 'resetStartCode':
      return resetStartCode(db, businessId, rideId);
  }
}

/** What the card needs for dispatch: who holds the ride, an upgrade, and whether the customer got the code by phone. */
export function dispatchView(ride: Ride) {
  return {
    driverId: ride.driverId,
    vehicleId: ride.vehicleId,
    vehicleUpgrade: ride.vehicleUpgrade,
    bookedForCustomer: (BOOKED_FOR_CUSTOMER_SOURCES as readonly string[]).includes(ride.source),
    codeSentAt: ride.codeSentAt?.toISOString() ?? null,
    codeSentVia: ride.codeSentVia,
  };
}

/** Every driver and vehicle for the Accept or Reassign dialog, available first, the others with the reason (lib/rides/dispatch). */
export function assignable(db: Db, businessId: number, rideId?: number) {
  return dispatchOptions(db, businessId, rideId);
}

/** Books on behalf of a customer: finds or creates the rider by phone in this business, then books from the quote. */
export async function bookForCustomer(
  db: Db,
  businessId: number,
  input: BookForCustomerInput,
  source: (typeof BOOKED_FOR_CUSTOMER_SOURCES)[number] = 'console',
) {
  // refused before the customer's account is made (bookRide checks again)
  await refuseBookingOnLowDisk();
  const phone = { phoneCode: input.customerPhone.dialCode, phone: input.customerPhone.number };
  let [rider] = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(
      and(
        eq(users.businessId, businessId),
        eq(users.role, 'travelsx-user'),
        eq(users.phoneCode, phone.phoneCode),
        eq(users.phone, phone.phone),
        isNull(users.deletedAt),
      ),
    )
    .limit(1);
  if (!rider) {
    // A booking that would be refused creates no account.
    await bookableQuote(db, businessId, input);
    [rider] = await db
      .insert(users)
      .values({ businessId, role: 'travelsx-user', name: input.customerName, ...phone })
      .onConflictDoNothing()
      .returning({ id: users.id, name: users.name });
    rider ??= (
      await db
        .select({ id: users.id, name: users.name })
        .from(users)
        .where(and(eq(users.businessId, businessId), eq(users.role, 'travelsx-user'), eq(users.phoneCode, phone.phoneCode), eq(users.phone, phone.phone)))
        .limit(1)
    )[0];
  } else if (!rider.name) {
    await db.update(users).set({ name: input.customerName }).where(eq(users.id, rider.id));
  }
  const booked = await bookRide(db, businessId, rider.id, {
    rideSearchId: input.rideSearchId,
    rideVehicle: input.rideVehicle,
    rideNonAc: input.rideNonAc,
    idempotencyKey: input.idempotencyKey,
    paymentMethod: input.paymentMethod,
    flightNumber: input.flightNumber,
    flightDirection: input.flightDirection,
    source,
  });
  // The customer has no app showing the code: it goes to their phone (a retried booking sends nothing again).
  if (!booked.created) return booked;
  const { ride, refused } = await sendBookingConfirmation(db, booked.ride);
  return { ...booked, ride, codeRefused: refused };
}
