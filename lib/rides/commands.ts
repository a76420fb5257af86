import { randomInt } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { businesses, rideCounters, rideEvents, rides, walletEntries, type Ride } from '@/lib/db/schema';
import { columnsOf, fromRow, rowsOf } from '@/lib/db/rows';
import { isUniqueViolation } from '@/lib/db/unique-violation';
import { DomainError } from '@/lib/errors/domain-error';
import { findQuote } from '@/lib/fares/quote';
import { PAST_SLACK_MS } from '@/lib/fares/schemas';
import type { BookRideInput } from '@/lib/booking/schemas';
import { tripRulesOf } from '@/lib/fares/trip-rules';
import { attachFlight, prepareBookingFlight } from '@/lib/flights/ride-flight';
import { toMinor } from '@/lib/money/minor';
import { isNonAc } from '@/lib/money/fare-lines';
import { cancellationRuleFor } from '@/lib/money/cancellation-rules';
import { claimPromo } from '@/lib/money/promos';
import { walletShare } from '@/lib/money/minor';
import { emitRideChange } from './notify';
import { refuseBookingOnLowDisk } from '@/lib/db/free-space';

/** The advisory lock class of a rider's wallet spending (pg_advisory_xact_lock(class, riderId)). */
const WALLET_LOCK = 7201;
/** The booking statement's answer, its columns named rather than `*` (lib/db/rows.ts, columnsOf). */
const RIDE_COLUMNS = columnsOf(rides);

export function newStartCode(): string {
  return randomInt(0, 10_000).toString().padStart(4, '0');
}

async function findByKey(db: Db, businessId: number, riderId: number, key: string): Promise<Ride | undefined> {
  const [ride] = await db
    .select()
    .from(rides)
    .where(and(eq(rides.businessId, businessId), eq(rides.riderId, riderId), eq(rides.idempotencyKey, key)))
    .limit(1);
  return ride;
}

/**
 * The stored quote and its vehicle for a booking, or the refusal a booking
 * would get: unknown or expired quote, pickup passed, vehicle (or its non-AC option) not offered, or
 * amounts and currency sent by the client that do not match the quote.
 */
export async function bookableQuote(
  db: Db,
  businessId: number,
  input: Pick<BookRideInput, 'rideSearchId' | 'rideVehicle' | 'rideNonAc' | 'currency' | 'rideAmount' | 'tolls' | 'driverBata' | 'totalAmount'>,
) {
  const quote = await findQuote(db, businessId, input.rideSearchId);
  if (!quote) throw new DomainError('not_found', 'quote_unknown', 'rideSearchId: This fare search was not found. Search again.', 'rideSearchId');
  if (quote.expiresAt.getTime() < Date.now())
    throw new DomainError('gone', 'quote_expired', 'rideSearchId: This fare has expired. Search again for a fresh fare.', 'rideSearchId');
  if (quote.pickupTime.getTime() < Date.now() - PAST_SLACK_MS)
    throw new DomainError('invalid', 'pickup_in_past', 'pickupTime: The pickup time has passed. Choose a new time.', 'pickupTime');
  const item = quote.items.find((i) => i.vehicleType === input.rideVehicle && isNonAc(i.breakdown) === Boolean(input.rideNonAc));
  if (!item) throw new DomainError('invalid', 'vehicle_unknown', 'rideVehicle: This vehicle type is not offered for this trip.', 'rideVehicle');
  const claimed = { rideAmount: item.rideAmount, tolls: item.tolls, driverBata: item.driverBata, totalAmount: item.total } as const;
  for (const field of Object.keys(claimed) as (keyof typeof claimed)[]) {
    const sent = input[field];
    if (sent !== undefined && toMinor(sent) !== claimed[field]) {
      throw new DomainError('conflict', 'amount_mismatch', `${field}: The amount does not match the fare. Search again.`, field);
    }
  }
  if (input.currency && input.currency !== quote.currency)
    throw new DomainError('conflict', 'amount_mismatch', 'currency: The currency does not match the fare.', 'currency');
  return { quote, item };
}

/**
 * Books from a stored quote in one atomic statement: the ride (booked, with a
 * 4-digit start code), its first event and the rider's pending cashback.
 * With a promo code, the statement runs in a transaction holding the code's
 * row, which records the use (lib/money/promos). A repeated idempotency key
 * returns the first ride. Amounts sent by the client must match the quote or
 * the booking is refused, and so is every booking while the embedded
 * database's disk is low (503, bookings_paused).
 */
export async function bookRide(db: Db, businessId: number, riderId: number, input: BookRideInput): Promise<{ ride: Ride; created: boolean }> {
  // 503 before the embedded database's disk is full (lib/db/free-space.ts)
  await refuseBookingOnLowDisk();
  let bookable: Awaited<ReturnType<typeof bookableQuote>>;
  try {
    bookable = await bookableQuote(db, businessId, input);
  } catch (error) {
    // a retried booking answers its ride even after its quote expired
    const existing = await findByKey(db, businessId, riderId, input.idempotencyKey);
    if (existing) return { ride: existing, created: false };
    throw error;
  }
  const { quote, item } = bookable;
  const flight = await prepareBookingFlight(db, businessId, quote, input);
  const walletSpendBps = input.useWallet ? (await tripRulesOf(db, businessId)).walletSpendBps : 0;
  const cancelPolicy = await cancellationRuleFor(db, businessId, quote.tripKind);
  /** The booking statement for a discount: the ride, its first event, pending cashback and wallet spending. */
  const statementFor = (discount: number, promoCode: string | null) => {
    const total = item.total - discount;
    // Wallet spending: at most the operator's share of the total, at most the available balance (read under a per-rider lock).
    const walletCap = walletShare(total, walletSpendBps);
    const walletApplied =
      walletCap > 0
        ? sql`(select least(${walletCap}, greatest(0, coalesce(sum(${walletEntries.available}), 0)))::integer from ${walletEntries} where ${walletEntries.businessId} = ${businessId} and ${walletEntries.userId} = ${riderId})`
        : 0;
    const insertRide = db
      .insert(rides)
      .values({
        businessId,
        riderId,
        quoteId: quote.id,
        idempotencyKey: input.idempotencyKey,
        vehicleType: item.vehicleType,
        rideType: quote.rideType,
        tripKind: quote.tripKind,
        packageCode: quote.packageCode,
        pickup: quote.pickup,
        dropoff: quote.dropoff,
        pickupTime: quote.pickupTime,
        returnTime: quote.returnTime,
        flightNumber: quote.tripKind === 'airport' ? (flight?.checked.flight ?? input.flightNumber ?? null) : null,
        flightDirection: quote.tripKind === 'airport' ? (input.flightDirection ?? 'arrival') : null,
        distanceM: quote.distanceM,
        durationS: quote.durationS,
        currency: quote.currency,
        rideAmount: item.rideAmount,
        driverBata: item.driverBata,
        tolls: item.tolls,
        totalAmount: total,
        promoCode,
        discountAmount: discount,
        fareBreakdown: item.breakdown,
        cancelPolicy,
        cashbackAmount: sql`(select round(${item.rideAmount} * ${businesses.cashbackBps} / 10000.0)::integer from ${businesses} where ${businesses.id} = ${businessId})`,
        walletApplied,
        paymentMethod: input.paymentMethod,
        startCode: newStartCode(),
        source: input.source,
        passengerName: input.passenger?.name ?? null,
        passengerPhoneCode: input.passenger?.phone.dialCode ?? null,
        passengerPhone: input.passenger?.phone.number ?? null,
        language: input.language ?? null,
        number: sql`(select last_number from counter)`,
      })
      .returning();
    // One statement, so one atomic step: the operator's next ride number, the ride, its first event, the
    // rider's pending cashback and wallet spending. A repeated idempotency key fails the whole statement
    // (unique violation), which also undoes the number, so numbers have no gaps.
    const statement = sql`with counter as (
      insert into ${rideCounters} (business_id, last_number) values (${businessId}, 1)
      on conflict (business_id) do update set last_number = ${rideCounters}.last_number + 1
      returning last_number
    ),
    ride as (${insertRide.getSQL()}),
    event as (
      insert into ${rideEvents} (business_id, ride_id, from_status, to_status, actor_user_id)
      select business_id, id, null, 'booked', ${riderId} from ride
    ),
    cashback as (
      insert into ${walletEntries} (business_id, user_id, ride_id, kind, available, pending, currency, description)
      select business_id, rider_id, id, 'cashback_pending', 0, cashback_amount, currency, 'Cashback for ride #' || number from ride where cashback_amount > 0
    ),
    spend as (
      insert into ${walletEntries} (business_id, user_id, ride_id, kind, available, pending, currency, description)
      select business_id, rider_id, id, 'wallet_spend', -wallet_applied, 0, currency, 'Paid from wallet for ride #' || number from ride where wallet_applied > 0
    )
    select ${RIDE_COLUMNS} from ride`;
    return { statement, walletCap };
  };
  // Spending reads the balance: one booking per rider at a time (a transaction-scoped lock), so two tabs cannot spend it twice.
  const lockWallet = (tx: Db) => tx.execute(sql`select pg_advisory_xact_lock(${WALLET_LOCK}, ${riderId})`);
  let stored: unknown;
  try {
    if (input.promoCode) {
      const typed = input.promoCode;
      // a retried booking answers its ride, even when it took the code's last use
      const earlier = await findByKey(db, businessId, riderId, input.idempotencyKey);
      if (earlier) return { ride: earlier, created: false };
      stored = await db.transaction(async (tx) => {
        const claim = await claimPromo(tx, businessId, typed, { tripKind: quote.tripKind, vehicleType: item.vehicleType, total: item.total }, riderId);
        const { statement, walletCap } = statementFor(claim.discount, claim.code);
        if (walletCap > 0) await lockWallet(tx);
        const result = await tx.execute(statement);
        const [row] = rowsOf(result) as { id: number }[];
        if (row) await claim.redeem({ id: row.id, riderId });
        return result;
      });
    } else {
      const { statement, walletCap } = statementFor(0, null);
      stored =
        walletCap > 0
          ? await db.transaction(async (tx) => {
              await lockWallet(tx);
              return tx.execute(statement);
            })
          : await db.execute(statement);
    }
  } catch (error) {
    if (error instanceof DomainError) {
      const existing = await findByKey(db, businessId, riderId, input.idempotencyKey);
      if (existing) return { ride: existing, created: false };
      throw error;
    }
    if (!isUniqueViolation(error, 'rides_idempotency_key')) throw error;
    stored = { rows: [] };
  }
  const [row] = rowsOf(stored);
  if (!row) {
    const existing = await findByKey(db, businessId, riderId, input.idempotencyKey);
    if (!existing) throw new Error('The booking was neither stored nor found.');
    return { ride: existing, created: false };
  }
  const ride = fromRow(rides, row) as Ride;
  if (flight) await attachFlight(db, ride, flight);
  emitRideChange({ ride, from: null, to: 'booked', actorUserId: riderId });
  return { ride, created: true };
}
