import 'server-only';
import { randomBytes } from 'node:crypto';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { payments, rideEvents, rides, users, type Payment, type Ride } from '@/lib/db/schema';
import { DomainError, badRequest, conflict } from '@/lib/errors/domain-error';
import { safeEqual } from '@/lib/crypto/tokens';
import type { Tenant } from '@/lib/tenancy/queries';
import { requirePayu } from './config';
import { callbackUrls, keptResponse, productInfo, riderFields, type ReturnTo } from './fields';
import { formatAmount, parseAmount, requestHash, responseHash } from './payu';
import type { PayuCallback } from './schemas';

export type PaymentOutcome = 'success' | 'failure';

/** The checkout form, fields in their required order (docs/requirements/rider.md#paying-by-card). */
export type PaymentFormFields = {
  key: string;
  txnid: string;
  amount: string;
  productinfo: string;
  firstname: string;
  email: string;
  phone: string;
  surl: string;
  furl: string;
  hash: string;
};

const rideNotFound = () => new DomainError('not_found', 'ride_unknown', 'This ride was not found.');
const paymentNotFound = () => new DomainError('not_found', 'payment_unknown', 'This payment was not found.');

/** "T" + base36 time + 10 random base36 characters: 19 characters, unique in practice. */
export function newTxnId(): string {
  const random = BigInt(`0x${randomBytes(8).toString('hex')}`)
    .toString(36)
    .padStart(10, '0')
    .slice(-10);
  return `T${Date.now().toString(36)}${random}`.slice(0, 25);
}

async function ownRide(db: Db, businessId: number, riderId: number, rideId: number): Promise<Ride> {
  const [ride] = await db
    .select()
    .from(rides)
    .where(and(eq(rides.id, rideId), eq(rides.businessId, businessId)))
    .limit(1);
  if (!ride || ride.riderId !== riderId) throw rideNotFound();
  if (ride.status === 'cancelled') throw conflict('A cancelled ride cannot be paid.');
  if (ride.paid) throw conflict('This ride is already paid.');
  return ride;
}

/** Opens a card payment for the rider's own unpaid, live ride; the amount is the stored ride total less what the wallet paid. */
export async function createPayment(db: Db, tenant: Pick<Tenant, 'id'>, riderId: number, rideId: number): Promise<Payment> {
  await requirePayu(db, tenant.id);
  const ride = await ownRide(db, tenant.id, riderId, rideId);
  const [payment] = await db
    .insert(payments)
    .values({
      txnid: newTxnId(),
      businessId: tenant.id,
      rideId: ride.id,
      userId: riderId,
      amount: ride.totalAmount - ride.walletApplied,
      currency: ride.currency,
    })
    .returning();
  return payment;
}

/** The hashed checkout form of the rider's own open payment, and where to post it. */
export async function paymentForm(
  db: Db,
  businessId: number,
  userId: number,
  txnid: string,
  returnTo: ReturnTo,
): Promise<{ data: PaymentFormFields; action: string }> {
  const { key, salt, action } = await requirePayu(db, businessId);
  const [row] = await db
    .select({ payment: payments, rider: users, paid: rides.paid, rideNumber: rides.number })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.userId))
    .innerJoin(rides, eq(rides.id, payments.rideId))
    .where(and(eq(payments.txnid, txnid), eq(payments.businessId, businessId), eq(payments.userId, userId)))
    .limit(1);
  if (!row) throw paymentNotFound();
  if (row.payment.status !== 'created') throw conflict('This payment is already complete.');
  if (row.paid) throw conflict('This ride is already paid.');
  const base = { key, txnid, amount: formatAmount(row.payment.amount), productinfo: productInfo(row.rideNumber), ...riderFields(row.rider) };
  const { surl, furl } = callbackUrls(returnTo);
  const { phone, ...hashed } = base;
  return { data: { ...hashed, phone, surl, furl, hash: requestHash(hashed, salt) }, action };
}

/** Checks a callback against the signature and the stored payment; throws a 400 naming the field that is wrong. */
async function verifiedPayment(db: Db, fields: PayuCallback, outcome: PaymentOutcome, businessId?: number): Promise<Payment> {
  // the hash is checked with the salt of the operator whose payment it is (its own PayU account, else the deployment's)
  const [payment] = await db.select().from(payments).where(eq(payments.txnid, fields.txnid)).limit(1);
  const { key, salt } = await requirePayu(db, businessId ?? payment?.businessId ?? 0);
  if (!safeEqual(responseHash(fields, salt), fields.hash.toLowerCase())) throw badRequest('hash: The payment response signature is wrong.', 'hash');
  if (!safeEqual(fields.key, key)) throw badRequest('key: The merchant key is not ours.', 'key');
  if (!payment || (businessId !== undefined && payment.businessId !== businessId)) throw badRequest('txnid: This transaction is unknown.', 'txnid');
  if (parseAmount(fields.amount) !== payment.amount) throw badRequest('amount: The amount does not match the payment.', 'amount');
  if ((fields.status === 'success') !== (outcome === 'success'))
    throw badRequest(`status: A ${outcome} callback cannot carry the status "${fields.status}".`, 'status');
  return payment;
}

/**
 * Records a verified PayU callback. Only a created (or failed, then retried)
 * payment changes, by a conditional UPDATE, so repeated and concurrent
 * deliveries change it once; success also marks the ride paid by card with an
 * event note, in the same transaction. Answers the ride and the stored outcome.
 */
export async function completePayment(
  db: Db,
  fields: PayuCallback,
  outcome: PaymentOutcome,
  businessId?: number,
): Promise<{ rideId: number; rideNumber: number; status: PaymentOutcome; changed: boolean }> {
  const payment = await verifiedPayment(db, fields, outcome, businessId);
  const [{ rideNumber }] = await db.select({ rideNumber: rides.number }).from(rides).where(eq(rides.id, payment.rideId));
  const from: Payment['status'][] = outcome === 'success' ? ['created', 'failure'] : ['created'];
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(payments)
      .set({ status: outcome, gatewayId: fields.mihpayid ?? null, response: keptResponse(fields), completedAt: new Date() })
      .where(and(eq(payments.txnid, payment.txnid), inArray(payments.status, from)))
      .returning();
    if (!updated) {
      const [current] = await tx.select({ status: payments.status }).from(payments).where(eq(payments.txnid, payment.txnid));
      return { rideId: payment.rideId, rideNumber, status: current.status === 'success' ? 'success' : 'failure', changed: false };
    }
    if (outcome === 'success') {
      const [ride] = await tx.update(rides).set({ paid: true, paymentMethod: 'card' }).where(eq(rides.id, payment.rideId)).returning();
      await tx.insert(rideEvents).values({
        businessId: ride.businessId,
        rideId: ride.id,
        fromStatus: ride.status,
        toStatus: ride.status,
        actorUserId: null,
        note: `Paid by card (${payment.txnid})`,
        data: { kind: 'payment', txnid: payment.txnid, gatewayId: updated.gatewayId, amount: payment.amount, currency: payment.currency },
      });
    }
    return { rideId: payment.rideId, rideNumber, status: outcome, changed: true };
  });
}

/** After a failed card payment the rider may pay the driver in cash instead. */
export async function payByCash(db: Db, businessId: number, riderId: number, rideId: number): Promise<Ride> {
  await ownRide(db, businessId, riderId, rideId);
  const [ride] = await db
    .update(rides)
    .set({ paymentMethod: 'cash' })
    .where(and(eq(rides.id, rideId), eq(rides.businessId, businessId), eq(rides.riderId, riderId), eq(rides.paid, false), ne(rides.status, 'cancelled')))
    .returning();
  if (!ride) throw conflict('This ride can no longer change its payment method.');
  return ride;
}
