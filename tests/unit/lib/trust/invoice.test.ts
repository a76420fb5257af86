import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { PDFParse } from 'pdf-parse';
import { eq } from 'drizzle-orm';
import { callApi } from '../../api';
import { businesses, invoices, rides, walletEntries } from '@/lib/db/schema';
import { resetEnvForTests } from '@/lib/env';
import { storeLogo } from '@/lib/settings/logo';
import { visualRuns } from '@/lib/invoice/scripts';
import { appendEntry } from '@/lib/wallet/ledger';
import { clearTenantCache } from '@/lib/tenancy/resolve';
import { issueInvoice } from '@/lib/invoice/invoices';
import { includedTaxes } from '@/lib/money/invoice-revisions';
import { quotedLines, rideLines } from '@/lib/money/fare-lines';
import { renderInvoicePdf } from '@/lib/invoice/pdf';
import { loadMessages } from '@/lib/i18n/messages';
import type { Db } from '@/lib/db/client';
import { closeTestDb, openTestDb } from '../../db';
import { book, completedRide, ledgerEarning, makeWorld, request, type World } from './fixtures';

let db: Db;
let demo: World;
let acme: World;
let zen: World;

beforeAll(async () => {
  db = await openTestDb();
  clearTenantCache();
  demo = await makeWorld(db, 'demo', { gst: 'intra' });
  acme = await makeWorld(db, 'acme', { gst: 'inter' });
  zen = await makeWorld(db, 'zen');
});
afterAll(closeTestDb);

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

describe('invoice figures', () => {
  it.each(['cash', 'upi', 'card'] as const)('equal the ledger to the paisa for a %s ride (lines, GST parts and total)', async (paymentMethod) => {
    const ride = await completedRide(db, demo, { paymentMethod });
    const invoice = await issueInvoice(db, demo.id, ride.id);
    const earning = await ledgerEarning(db, ride.id);
    expect(invoice.data.total).toBe(earning);
    expect(invoice.data.total).toBe(ride.totalAmount);
    expect(sum(invoice.data.lines.map((l) => l.amount))).toBe(earning);
    expect(invoice.data.lines.find((l) => l.code === 'tolls')?.amount).toBe(12_050);
    expect(invoice.data.lines.find((l) => l.code === 'driverAllowance')?.amount).toBe(ride.driverBata);
    // tolls are paid on the rider's behalf at cost: outside the taxable value (README, "GST on tolls")
    expect(invoice.data.untaxedTolls).toBe(12_050);
    expect(invoice.data.taxableValue + sum(invoice.data.taxes.map((t) => t.amount)) + 12_050).toBe(earning);
    expect(invoice.data.taxes.map((t) => t.code)).toEqual(['cgst', 'sgst']);
    expect(invoice.data.taxableValue).toBe(Math.round(((earning - 12_050) * 10_000) / 10_500));
    expect(invoice.data.paymentMethod).toBe(paymentMethod);
    expect(invoice.data.due).toBe(earning - invoice.data.walletApplied);
    expect(invoice.data.seller).toMatchObject({ taxNumber: '33ABCDE1234F1Z5', sacCode: '996412', legalName: 'demo Travels Pvt Ltd' });
  });

  it('equals the ledger for a ride partly paid from the wallet (cashback applied): total = earning, amount paid = total - wallet spend', async () => {
    await appendEntry(db, {
      businessId: demo.id,
      userId: demo.riderId,
      rideId: null,
      kind: 'adjustment',
      available: 50_000,
      currency: 'INR',
      description: 'cashback earned earlier',
    });
    const ride = await completedRide(db, demo, { useWallet: true });
    const invoice = await issueInvoice(db, demo.id, ride.id);
    const entries = await db.select().from(walletEntries).where(eq(walletEntries.rideId, ride.id));
    const spent = -entries.filter((e) => e.kind === 'wallet_spend').reduce((total, e) => total + e.available, 0);
    expect(spent).toBeGreaterThan(0);
    expect(invoice.data.walletApplied).toBe(spent);
    expect(invoice.data.total).toBe(await ledgerEarning(db, ride.id));
    expect(invoice.data.due).toBe(invoice.data.total - spent);
    expect(sum(invoice.data.lines.map((l) => l.amount))).toBe(invoice.data.total);
  });

  it('charges IGST for an inter-state operator and no tax lines without a tax number', async () => {
    const inter = await issueInvoice(db, acme.id, (await completedRide(db, acme)).id);
    expect(inter.data.taxes.map((t) => t.code)).toEqual(['igst']);
    const untaxed = await issueInvoice(db, zen.id, (await completedRide(db, zen)).id);
    expect(untaxed.data.taxes).toEqual([]);
    expect(untaxed.data.taxableValue + (untaxed.data.untaxedTolls ?? 0)).toBe(untaxed.data.total);
  });

  it('itemises the fare as quoted (night charge and airport fee as their own lines) and excludes tolls from the taxable value', () => {
    const lines = quotedLines({ rideAmount: 265_000, driverBata: 40_000, tolls: 12_050 }, { night: 25_000, airport: 15_000 });
    expect(lines).toEqual([
      { code: 'rideAmount', amount: 225_000 },
      { code: 'nightCharge', amount: 25_000 },
      { code: 'airportFee', amount: 15_000 },
      { code: 'driverAllowance', amount: 40_000 },
      { code: 'tolls', amount: 12_050 },
    ]);
    const { taxableValue, taxes } = includedTaxes(317_050, { taxNumber: '33ABCDE1234F1Z5', taxRateBps: 500, supplyType: 'intra' }, 'in', 12_050);
    expect(taxableValue).toBe(Math.round((305_000 * 10_000) / 10_500));
    expect(taxableValue + sum(taxes.map((t) => t.amount)) + 12_050).toBe(317_050);
    // a promo discount is its own (negative) line and the lines still add up to the total
    expect(rideLines({ rideAmount: 265_000, driverBata: 40_000, tolls: 12_050, totalAmount: 267_050, discountAmount: 50_000 }, { night: 25_000 })).toEqual([
      { code: 'rideAmount', amount: 240_000 },
      { code: 'nightCharge', amount: 25_000 },
      { code: 'driverAllowance', amount: 40_000 },
      { code: 'tolls', amount: 12_050 },
      { code: 'discount', amount: -50_000 },
    ]);
  });

  it('numbers invoices per operator without gaps under concurrent completions', async () => {
    const before = await db.select({ number: invoices.number }).from(invoices).where(eq(invoices.businessId, zen.id));
    const done = await Promise.all(Array.from({ length: 6 }, () => completedRide(db, zen)));
    const issued = await Promise.all([...done, ...done].map((ride) => issueInvoice(db, zen.id, ride.id)));
    const numbers = [...new Set(issued.map((i) => i.number))].sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 6 }, (_, i) => before.length + i + 1));
    // the same ride twice is one invoice
    expect(new Set(issued.map((i) => i.id)).size).toBe(6);
    const all = (await db.select({ number: invoices.number }).from(invoices).where(eq(invoices.businessId, zen.id))).map((r) => r.number).sort((a, b) => a - b);
    expect(all).toEqual(Array.from({ length: all.length }, (_, i) => i + 1));
  });
});

/** Glyph-to-text maps read ligatures and pre-base vowel signs in visual order: compare both sides in that order. */
function visualOrder(text: string): string {
  return (
    text
      .normalize('NFC')
      // Tamil: ொ = ெ + ா, ோ = ே + ா, ௌ = ெ + ௗ; the pre-base sign is drawn (and read back) before its consonant
      .replace(/([\u0B95-\u0BB9])\u0BCA/g, '\u0BC6$1\u0BBE')
      .replace(/([\u0B95-\u0BB9])\u0BCB/g, '\u0BC7$1\u0BBE')
      .replace(/([\u0B95-\u0BB9])\u0BCC/g, '\u0BC6$1\u0BD7')
      .replace(/([\u0B95-\u0BB9])([\u0BC6-\u0BC8])/g, '$2$1')
      // Arabic: the lam-alef ligature is read back alef first
      .replace(/\u0644([\u0622\u0623\u0625\u0627\u0649])/g, '$1\u0644')
      .replace(/\s+/g, ' ')
  );
}

describe('invoice PDF', () => {
  let pdfRide: Awaited<ReturnType<typeof completedRide>>;
  beforeAll(async () => {
    pdfRide = await completedRide(db, demo, { paymentMethod: 'upi' });
  });

  it.each(['en', 'ta', 'ar'])('holds every label of the invoice in %s, shaped by the shipped fonts', async (lang) => {
    const invoice = await issueInvoice(db, demo.id, pdfRide.id);
    const pdf = await renderInvoicePdf(invoice, { lang, tenantSlug: 'demo' });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = visualOrder((await new PDFParse({ data: new Uint8Array(pdf) }).getText()).text);
    const messages = await loadMessages(lang);
    const t = messages.Invoice;
    const line = messages.FareLines;
    const expected = [
      t.taxTitle,
      t.invoiceNumber,
      t.rideNumber,
      t.billedTo,
      t.route,
      t.distance,
      t.paymentMethod,
      t.payment.upi,
      t.sacCode,
      line.rideAmount,
      line.driverAllowance,
      line.tolls,
      t.untaxedTolls,
      t.total,
      t.taxIncluded,
      t.taxableValue,
      t.tax.cgst.replace('{rate}', '2.5'),
      t.tax.sgst.replace('{rate}', '2.5'),
      t.taxNumber,
      '33ABCDE1234F1Z5',
      'INV-',
      'Chennai',
    ];
    if (process.env.INVOICE_PDF_DIR) fs.writeFileSync(`${process.env.INVOICE_PDF_DIR}/invoice-${lang}.pdf`, pdf);
    for (const line of expected) expect(text).toContain(visualOrder(line));
    // the amounts, to the paisa
    expect(text).toContain('120.50');
  });
});

describe('invoice PDF of a new operator and right-to-left text', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'invoice-logo-'));
  beforeAll(() => {
    process.env.DATA_DIR = dataDir;
    resetEnvForTests();
  });
  afterAll(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    delete process.env.DATA_DIR;
    resetEnvForTests();
  });

  it("prints the operator's uploaded logo in the header, as the demo's file logo is", async () => {
    const fresh = await makeWorld(db, 'fresh');
    const png = await sharp({ create: { width: 256, height: 256, channels: 4, background: '#0f766e' } })
      .png()
      .toBuffer();
    const { logoUrl } = await storeLogo('fresh', png);
    await db.update(businesses).set({ logoUrl }).where(eq(businesses.id, fresh.id));
    const invoice = await issueInvoice(db, fresh.id, (await completedRide(db, fresh)).id);
    expect(invoice.data.seller.logoUrl).toBe(logoUrl);
    const pdf = (await renderInvoicePdf(invoice, { lang: 'en', tenantSlug: 'fresh' })).toString('latin1');
    expect(pdf).toMatch(/\/Subtype \/Image/);
    // another operator's slug cannot read it
    expect((await renderInvoicePdf(invoice, { lang: 'en', tenantSlug: 'demo' })).toString('latin1')).not.toMatch(/\/Subtype \/Image/);
  });

  it('ends an Arabic sentence with its full stop on the left, after a Latin name, not beside the name on the right', () => {
    // drawn left to right: the full stop first, then the name, then the Arabic words
    const runs = visualRuns('شكرًا لركوبك مع Meridian Cabs.', true);
    expect(runs.map((r) => r.text)).toEqual(['.', 'Meridian Cabs', 'شكرًا لركوبك مع']);
    expect(runs.map((r) => Boolean(r.gapAfter))).toEqual([false, false, true]);
    // in a left-to-right document the same stop stays with the name
    expect(visualRuns('Thank you for riding with Meridian Cabs.', false).map((r) => r.text)).toEqual(['Thank you for riding with Meridian Cabs.']);
    // a phone number keeps its plus sign in front of the digits
    expect(visualRuns('الهاتف +91 98765 43210', true).map((r) => r.text)).toEqual(['+91 98765 43210', 'الهاتف']);
    // a percent sign stays with its number
    expect(visualRuns('ثم 10% من الأجرة', true).map((r) => r.text)).toEqual(['من الأجرة', '10%', 'ثم']);
  });
});

describe('invoice download', () => {
  it('gives the rider their completed ride as a PDF and refuses foreign and unfinished rides, naming the field', async () => {
    const ride = await completedRide(db, demo);
    const ok = await callApi(request(demo, `/api/rides/${ride.number}/invoice?lang=ta`));
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toBe('application/pdf');
    expect(ok.headers.get('content-disposition')).toMatch(/INV-\d{6}\.pdf/);
    expect(
      Buffer.from(await ok.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    const foreign = await callApi(request(demo, `/api/rides/${ride.number}/invoice`, { cookie: demo.otherRiderCookie }));
    expect(foreign.status).toBe(404);
    expect((await foreign.json()).error.field).toBe('rideId');

    const open = await book(db, demo);
    const unfinished = await callApi(request(demo, `/api/rides/${open.number}/invoice`));
    expect(unfinished.status).toBe(409);
    expect((await unfinished.json()).error.field).toBe('rideId');
    expect(await db.select().from(invoices).where(eq(invoices.rideId, open.id))).toEqual([]);

    const console = await callApi(request(demo, `/api/partner/rides/${ride.number}/invoice`, { cookie: demo.partnerCookie }));
    expect(console.status).toBe(200);
    const otherOperator = await callApi(request(acme, `/api/partner/rides/${ride.number}/invoice`, { cookie: acme.partnerCookie }));
    expect(otherOperator.status).toBe(404);
    const badLang = await callApi(request(demo, `/api/rides/${ride.number}/invoice?lang=english`));
    expect(badLang.status).toBe(400);
    expect((await badLang.json()).error.field).toBe('lang');
    const [stored] = await db.select({ status: rides.status }).from(rides).where(eq(rides.id, ride.id));
    expect(stored.status).toBe('completed');
  });
});

describe('invoice details (console)', () => {
  const put = (world: World, body: unknown) => callApi(request(world, '/api/partner/invoice-settings', { method: 'PUT', cookie: world.partnerCookie, body }));
  const valid = {
    legalName: 'Zen Travels LLP',
    address: '4 Beach Road, Puducherry',
    taxNumber: '34AAAAA0000A1Z5',
    taxRate: 12,
    sacCode: '996412',
    supplyType: 'inter',
  };

  it('refuses a tax number that is not a GSTIN, a rate outside 0-40 and a bad SAC code, naming the field; saves a good one for the next invoice', async () => {
    for (const [body, field] of [
      [{ ...valid, taxNumber: '33-ABC' }, 'taxNumber'],
      [{ ...valid, taxNumber: 'ABCDE12345' }, 'taxNumber'],
      [{ ...valid, taxRate: 41 }, 'taxRate'],
      [{ ...valid, taxRate: '5' }, 'taxRate'],
      [{ ...valid, sacCode: '99-64' }, 'sacCode'],
      [{ ...valid, supplyType: 'abroad' }, 'supplyType'],
    ] as const) {
      const res = await put(zen, body);
      expect(res.status).toBe(400);
      expect((await res.json()).error.field).toBe(field);
    }
    const before = await (await callApi(request(zen, '/api/partner/invoice-settings', { cookie: zen.partnerCookie }))).json();
    expect(before.data).toMatchObject({ taxNumber: null, taxRate: 5, sacCode: '996412', supplyType: 'intra' });
    const saved = await put(zen, valid);
    expect(saved.status).toBe(200);
    expect((await saved.json()).data).toMatchObject({ taxNumber: '34AAAAA0000A1Z5', taxRate: 12, supplyType: 'inter' });
    const invoice = await issueInvoice(db, zen.id, (await completedRide(db, zen)).id);
    expect(invoice.data.taxes).toEqual([
      { code: 'igst', rateBps: 1200, amount: invoice.data.total - invoice.data.taxableValue - (invoice.data.untaxedTolls ?? 0) },
    ]);
    expect(invoice.data.seller).toMatchObject({ legalName: 'Zen Travels LLP', address: '4 Beach Road, Puducherry' });
    // another operator's session changes nothing here
    const foreign = await callApi(
      request(acme, '/api/partner/invoice-settings', { method: 'PUT', cookie: zen.partnerCookie, body: { ...valid, legalName: 'Hijacked' } }),
    );
    expect(foreign.status).toBeGreaterThanOrEqual(400);
    const after = await (await callApi(request(zen, '/api/partner/invoice-settings', { cookie: zen.partnerCookie }))).json();
    expect(after.data.legalName).toBe('Zen Travels LLP');
  });
});
