import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '@/lib/db/client';
import {
  invoiceCounters,
  invoices,
  refunds,
  rides,
  type Invoice,
  type InvoiceRefund,
  type InvoiceSettings,
  type InvoiceSnapshot,
  type InvoiceTax,
} from '@/lib/db/schema';

/*
 * The money side of invoices: the tax a total includes, the operator's
 * invoice numbers, and the re-issue of an invoice once a refund of its ride
 * is paid (lib/money/refunds.ts). The invoice itself (its snapshot at
 * completion, the PDF) is lib/invoice.
 */

/**
 * Tax included in a total (fares are quoted tax-inclusive, so the invoice
 * total is the ledger's figure): the taxable value and CGST + SGST (intra-state)
 * or IGST (inter-state) in India, else one VAT line. `untaxed` (tolls, paid on
 * the rider's behalf at cost) is outside the taxable value. The taxable value,
 * the taxes and `untaxed` add up to the total.
 */
export function includedTaxes(
  total: number,
  settings: Pick<InvoiceSettings, 'taxRateBps' | 'supplyType' | 'taxNumber'> | undefined,
  countryCode: string,
  untaxed = 0,
): { taxableValue: number; taxes: InvoiceTax[] } {
  const base = total - untaxed;
  if (!settings?.taxNumber || settings.taxRateBps <= 0) return { taxableValue: base, taxes: [] };
  const taxableValue = Math.round((base * 10_000) / (10_000 + settings.taxRateBps));
  const tax = base - taxableValue;
  if (countryCode !== 'in') return { taxableValue, taxes: [{ code: 'vat', rateBps: settings.taxRateBps, amount: tax }] };
  if (settings.supplyType === 'inter') return { taxableValue, taxes: [{ code: 'igst', rateBps: settings.taxRateBps, amount: tax }] };
  const half = Math.round(tax / 2);
  const rateHalf = settings.taxRateBps / 2;
  return {
    taxableValue,
    taxes: [
      { code: 'cgst', rateBps: rateHalf, amount: half },
      { code: 'sgst', rateBps: rateHalf, amount: tax - half },
    ],
  };
}

/** The next number of an operator's invoice sequence, taken inside the caller's transaction (no gap when it rolls back). */
export async function nextInvoiceNumber(tx: Db | Tx, businessId: number): Promise<number> {
  const [counter] = await tx
    .insert(invoiceCounters)
    .values({ businessId, lastNumber: 1 })
    .onConflictDoUpdate({ target: invoiceCounters.businessId, set: { lastNumber: sql`${invoiceCounters.lastNumber} + 1` } })
    .returning({ lastNumber: invoiceCounters.lastNumber });
  return counter.lastNumber;
}

/** The tax included in what is left of the total once refunds are taken off, at the rates and supply type the invoice was issued with. */
function taxesAfterRefunds(data: InvoiceSnapshot, refunded: number): Pick<InvoiceSnapshot, 'taxableValue' | 'taxes'> {
  const net = Math.max(0, data.total - refunded);
  const untaxed = Math.min(data.untaxedTolls ?? 0, net);
  if (!data.taxes.length) return { taxableValue: net - untaxed, taxes: [] };
  const taxRateBps = data.taxes.reduce((sum, tax) => sum + tax.rateBps, 0);
  const codes = new Set(data.taxes.map((tax) => tax.code));
  const settings = { taxRateBps, supplyType: codes.has('igst') ? ('inter' as const) : ('intra' as const), taxNumber: data.seller.taxNumber ?? 'issued' };
  return includedTaxes(net, settings, codes.has('vat') ? 'other' : 'in', untaxed);
}

/**
 * Re-issues a completed ride's invoice once a refund of it has been paid,
 * inside that payment's transaction (lib/money/refunds.ts `recordPaid`): a new
 * revision with its own number from the operator's sequence, the same
 * content as the invoice it replaces, plus one line per refund paid so far,
 * the total after them and the tax recomputed on that. The ride's row lock
 * orders re-issues of one ride; a refund already itemised on the latest
 * revision issues nothing again, so a retried payment step cannot add a
 * revision. A ride without an invoice yet (refunded before completion)
 * gets none here.
 */
export async function reissueInvoiceAfterRefund(tx: Db | Tx, rideId: number): Promise<Invoice | undefined> {
  const [ride] = await tx.select({ status: rides.status, businessId: rides.businessId }).from(rides).where(eq(rides.id, rideId)).limit(1).for('update');
  if (ride?.status !== 'completed') return undefined;
  const [latest] = await tx.select().from(invoices).where(eq(invoices.rideId, rideId)).orderBy(desc(invoices.revision)).limit(1);
  if (!latest) return undefined;
  const rows = await tx
    .select({ id: refunds.id, amount: refunds.amount, method: refunds.method, reason: refunds.reason, completedAt: refunds.completedAt })
    .from(refunds)
    .where(and(eq(refunds.rideId, rideId), eq(refunds.status, 'refunded')))
    .orderBy(asc(refunds.completedAt), asc(refunds.id));
  const covered = new Set((latest.data.refunds ?? []).map((refund) => refund.id));
  if (rows.every((row) => covered.has(row.id))) return latest;
  const paid: InvoiceRefund[] = rows.map((row) => ({
    id: row.id,
    amount: row.amount,
    method: row.method,
    reason: row.reason,
    paidAt: (row.completedAt ?? new Date()).toISOString(),
  }));
  const refunded = paid.reduce((sum, refund) => sum + refund.amount, 0);
  const data: InvoiceSnapshot = { ...latest.data, refunds: paid, refunded, replaces: latest.number, ...taxesAfterRefunds(latest.data, refunded) };
  const number = await nextInvoiceNumber(tx, ride.businessId);
  const [invoice] = await tx
    .insert(invoices)
    .values({ businessId: ride.businessId, rideId, number, revision: latest.revision + 1, data })
    .returning();
  return invoice;
}
