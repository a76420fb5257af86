import 'server-only';
import { and, desc, eq } from 'drizzle-orm';
import type { Db, Tx } from '@/lib/db/client';
import {
  businesses,
  invoices,
  invoiceSettings,
  rides,
  users,
  type Invoice,
  type InvoiceSnapshot,
  type FareAdjustment,
  type InvoiceLine,
  type Ride,
} from '@/lib/db/schema';
import { DomainError } from '@/lib/errors/domain-error';
import { waitingRulesOf } from '@/lib/airports/settings';
import { billedMinimum, rideLines, type FareLine } from '@/lib/money/fare-lines';
import { adjustmentsOfRides } from '@/lib/money/adjustments';
import { includedTaxes, nextInvoiceNumber } from '@/lib/money/invoice-revisions';

export const invoiceNotFound = () => new DomainError('not_found', 'invoice_unknown', 'rideId: This ride was not found.', 'rideId');

/** The waiting line's longer label on the invoice: the minutes paid for past the free time, in how many blocks of how long. */
async function withWaitingValues(db: Db, ride: Ride, lines: FareLine[], adjustments: readonly FareAdjustment[]): Promise<InvoiceLine[]> {
  const waited = adjustments.find((a) => a.kind === 'waiting');
  if (!waited?.quantity) return lines;
  const rules = await waitingRulesOf(db, ride.businessId);
  const freeMinutes = rules.freeMinutes[ride.tripKind];
  const paidMinutes = Math.max(0, waited.quantity - freeMinutes);
  const values = { paidMinutes, freeMinutes, blocks: Math.ceil(paidMinutes / rules.blockMinutes), blockMinutes: rules.blockMinutes };
  return lines.map((line) => (line.code === 'waiting' ? { ...line, values } : line));
}

/** Tolls among the lines (as quoted and at actuals): reimbursed at cost, never taxed. */
const tollsOf = (lines: readonly FareLine[]) => lines.filter((l) => l.code === 'tolls' || l.code === 'tollsActual').reduce((sum, l) => sum + l.amount, 0);

async function snapshotOf(db: Db, ride: Ride): Promise<InvoiceSnapshot> {
  const [business] = await db.select().from(businesses).where(eq(businesses.id, ride.businessId)).limit(1);
  const [settings] = await db.select().from(invoiceSettings).where(eq(invoiceSettings.businessId, ride.businessId)).limit(1);
  const [rider] = await db
    .select({ name: users.name, phoneCode: users.phoneCode, phone: users.phone, email: users.email })
    .from(users)
    .where(eq(users.id, ride.riderId))
    .limit(1);
  const adjustments = (await adjustmentsOfRides(db, [ride.id])).get(ride.id) ?? [];
  const lines = await withWaitingValues(db, ride, rideLines(ride, ride.fareBreakdown, adjustments), adjustments);
  const walletApplied = Math.max(0, ride.walletApplied);
  const tolls = tollsOf(lines);
  const { taxableValue, taxes } = includedTaxes(ride.totalAmount, settings, business.countryCode, tolls);
  return {
    seller: {
      name: business.name,
      legalName: settings?.legalName ?? null,
      address: settings?.address ?? null,
      taxNumber: settings?.taxNumber ?? null,
      logoUrl: business.logoUrl,
      sacCode: settings?.sacCode ?? null,
    },
    rideNumber: ride.number,
    customer: { name: rider?.name ?? null, phone: rider?.phone ? `+${rider.phoneCode} ${rider.phone}` : null, email: rider?.email ?? null },
    passenger: ride.passengerName && ride.passengerPhone ? { name: ride.passengerName, phone: `+${ride.passengerPhoneCode} ${ride.passengerPhone}` } : null,
    pickup: ride.pickup.name,
    dropoff: ride.dropoff?.name ?? null,
    pickupTime: (ride.startedAt ?? ride.pickupTime).toISOString(),
    completedAt: (ride.completedAt ?? new Date()).toISOString(),
    distanceM: ride.distanceM,
    vehicleType: ride.vehicleType,
    currency: ride.currency,
    lines,
    billedMinimum: billedMinimum(ride.fareBreakdown),
    promoCode: ride.promoCode,
    total: ride.totalAmount,
    walletApplied,
    due: ride.totalAmount - walletApplied,
    taxableValue,
    taxes,
    untaxedTolls: tolls,
    cancellation: ride.cancelPolicy,
    paymentMethod: ride.paymentMethod,
    timeZone: business.timeZone,
  };
}

/**
 * Issues the invoice of a ride that has just completed, inside the completion's
 * transaction (lib/rides/lifecycle): the next number of the operator's sequence
 * is taken with the invoice row and the ledger entries, so a failed completion
 * leaves no gap, concurrent completions get consecutive numbers, and the
 * invoice's figures are the ledger's.
 */
export async function issueInvoiceInTransaction(tx: Tx, ride: Ride): Promise<Invoice> {
  const [again] = await tx.select().from(invoices).where(eq(invoices.rideId, ride.id)).orderBy(desc(invoices.revision)).limit(1);
  if (again) return again;
  const data = await snapshotOf(tx, ride);
  const number = await nextInvoiceNumber(tx, ride.businessId);
  const [invoice] = await tx.insert(invoices).values({ businessId: ride.businessId, rideId: ride.id, number, data }).returning();
  return invoice;
}

/**
 * The invoice of a completed ride: issued at completion; a ride completed
 * before invoices existed gets its invoice (the next number) on first call.
 */
export async function issueInvoice(db: Db, businessId: number, rideId: number): Promise<Invoice> {
  const [existing] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.rideId, rideId), eq(invoices.businessId, businessId)))
    .orderBy(desc(invoices.revision))
    .limit(1);
  if (existing) return existing;
  return db.transaction(async (tx) => {
    const [ride] = await tx
      .select()
      .from(rides)
      .where(and(eq(rides.id, rideId), eq(rides.businessId, businessId)))
      .limit(1)
      .for('update');
    if (!ride) throw invoiceNotFound();
    if (ride.status !== 'completed')
      throw new DomainError('conflict', 'ride_not_completed', 'rideId: An invoice is issued once the ride is completed.', 'rideId');
    return issueInvoiceInTransaction(tx, ride);
  });
}

/** The latest invoice of a ride (after refunds, the re-issue) for its rider (riderId) or the operator's console (no riderId); foreign or unfinished rides are refused. */
export async function invoiceForRide(db: Db, businessId: number, rideId: number, riderId?: number): Promise<Invoice> {
  const [ride] = await db
    .select({ riderId: rides.riderId, status: rides.status })
    .from(rides)
    .where(and(eq(rides.id, rideId), eq(rides.businessId, businessId)))
    .limit(1);
  if (!ride || (riderId !== undefined && ride.riderId !== riderId)) throw invoiceNotFound();
  if (ride.status !== 'completed')
    throw new DomainError('conflict', 'ride_not_completed', 'rideId: An invoice is issued once the ride is completed.', 'rideId');
  return issueInvoice(db, businessId, rideId);
}

/** "INV-000042": the printed form of a per-operator number. */
export function invoiceLabel(number: number): string {
  return `INV-${String(number).padStart(6, '0')}`;
}
