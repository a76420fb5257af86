import 'server-only';
import fs from 'node:fs/promises';
import path from 'node:path';
import type PDFKit from 'pdfkit';
import { loadSharp } from '@/lib/media/sharp';
import { createTranslator } from 'next-intl';
import { DomainError } from '@/lib/errors/domain-error';
import { inImageLane } from '@/lib/media/image-lanes';
import { IMAGE_MAX_INPUT_PIXELS, IMAGE_RENDER_SECONDS } from '@/lib/media/render-budget';
import type { Invoice } from '@/lib/db/schema';
import { isRtl } from '@/lib/i18n/markets';
import { loadMessages } from '@/lib/i18n/messages';
import { readStoredLogo } from '@/lib/settings/logo';
import { formatDuration } from '@/lib/i18n/format';
import { invoiceLabel } from './invoices';
import { FONT_FILES, UNSUPPORTED_INVOICE_LANGUAGES, visualRuns, type FontKey } from './scripts';

/** Fonts shipped with the project (Noto, SIL Open Font License): assets/fonts. */
export const FONT_DIR = path.join(process.cwd(), 'assets/fonts');

const PAGE = { width: 595.28, height: 841.89, margin: 48 };
const INK = '#1f2328';
const MUTED = '#57606a';
const RULE = '#d0d7de';

type Doc = InstanceType<typeof PDFKit>;
type Align = 'left' | 'right';

/** The language an invoice is printed in: the rider's, unless no shipped font writes it. */
export function invoiceLanguage(lang: string | null | undefined): string {
  const wanted = (lang ?? 'en').toLowerCase();
  return UNSUPPORTED_INVOICE_LANGUAGES.includes(wanted) ? 'en' : wanted;
}

/** The operator's logo as a PNG for the header: an uploaded one (lib/settings/logo), or a file under public/ (the demo's). */
async function logoPng(logoUrl: string | null, tenantSlug: string, wait: boolean): Promise<Buffer | undefined> {
  if (!logoUrl || /^https?:/i.test(logoUrl)) return undefined;
  try {
    let bytes: Buffer | undefined;
    if (logoUrl.startsWith('/media/')) bytes = await readStoredLogo(tenantSlug, logoUrl);
    else {
      const file = path.join(process.cwd(), 'public', ...logoUrl.split('/').filter(Boolean));
      if (!file.startsWith(path.join(process.cwd(), 'public'))) return undefined;
      bytes = await fs.readFile(/*turbopackIgnore: true*/ file);
    }
    if (!bytes) return undefined;
    const source = bytes;
    const sharp = await loadSharp();
    // one job of the operator's image lane, within the upload render budget (lib/media/image-lanes.ts, lib/media/render-budget.ts)
    return await inImageLane(
      tenantSlug,
      () =>
        sharp(source, { density: 200, limitInputPixels: IMAGE_MAX_INPUT_PIXELS })
          .timeout({ seconds: IMAGE_RENDER_SECONDS })
          .resize({ height: 120, withoutEnlargement: false })
          .png()
          .toBuffer(),
      { wait },
    );
  } catch (error) {
    // a busy lane is answered (429, Retry-After) rather than an invoice without its logo
    if (error instanceof DomainError && error.key === 'imagesBusy') throw error;
    return undefined;
  }
}

class Writer {
  constructor(
    private readonly doc: Doc,
    readonly rtl: boolean,
  ) {}

  private width(text: string, size: number): number {
    const gap = this.rtl ? this.doc.font('latin').fontSize(size).widthOfString(' ') : 0;
    return visualRuns(text, this.rtl).reduce((sum, run) => sum + this.doc.font(run.font).fontSize(size).widthOfString(run.text) + (run.gapAfter ? gap : 0), 0);
  }

  /** Breaks text into lines no wider than `width` at spaces (a word longer than the line stays whole). */
  private lines(text: string, size: number, width: number): string[] {
    const out: string[] = [];
    for (const paragraph of text.split('\n')) {
      let line = '';
      for (const word of paragraph.split(/\s+/).filter(Boolean)) {
        const next = line ? `${line} ${word}` : word;
        if (line && this.width(next, size) > width) {
          out.push(line);
          line = word;
        } else line = next;
      }
      out.push(line);
    }
    return out;
  }

  /**
   * Draws text in a box from x to x + width, aligned to `align` (mirrored for
   * right-to-left documents), each line as runs of one font; returns the height used.
   */
  text(text: string, x: number, y: number, width: number, options: { size?: number; align?: Align; color?: string; mirror?: boolean } = {}): number {
    const size = options.size ?? 10;
    const logical = options.align ?? 'left';
    const align: Align = options.mirror === false || !this.rtl ? logical : logical === 'left' ? 'right' : 'left';
    const boxX = options.mirror === false || !this.rtl ? x : PAGE.width - x - width;
    const lineHeight = size * 1.55;
    let cursorY = y;
    for (const line of this.lines(text, size, width)) {
      const lineWidth = this.width(line, size);
      const gap = this.rtl ? this.doc.font('latin').fontSize(size).widthOfString(' ') : 0;
      if (!this.rtl) {
        let cursorX = align === 'left' ? boxX : boxX + width - lineWidth;
        for (const run of visualRuns(line, false)) {
          this.doc
            .font(run.font)
            .fontSize(size)
            .fillColor(options.color ?? INK);
          this.doc.text(run.text, cursorX, cursorY, { lineBreak: false });
          cursorX += this.doc.widthOfString(run.text);
        }
      } else {
        // Right to left: runs are placed from the right edge in reading order, so the content stream (and a
        // text extractor) reads them in that order; each right-to-left word is its own shaped run.
        let right = align === 'left' ? boxX + lineWidth : boxX + width;
        for (const run of [...visualRuns(line, true)].reverse()) {
          const pieces = run.rtl ? run.text.split(' ').filter(Boolean) : [run.text];
          pieces.forEach((piece, index) => {
            this.doc
              .font(run.font)
              .fontSize(size)
              .fillColor(options.color ?? INK);
            const pieceWidth = this.doc.widthOfString(piece);
            this.doc.text(piece, right - pieceWidth, cursorY, { lineBreak: false });
            right -= pieceWidth + (index < pieces.length - 1 ? this.doc.widthOfString(' ') : 0);
          });
          if (run.gapAfter) right -= gap;
        }
      }
      cursorY += lineHeight;
    }
    return cursorY - y;
  }

  rule(y: number): void {
    this.doc
      .moveTo(PAGE.margin, y)
      .lineTo(PAGE.width - PAGE.margin, y)
      .lineWidth(0.6)
      .strokeColor(RULE)
      .stroke();
  }
}

/** The invoice as PDF bytes, in `lang` (right to left for Arabic and Urdu), with the figures frozen at issue. */
export async function renderInvoicePdf(invoice: Invoice, options: { lang: string; tenantSlug: string; waitForImages?: boolean }): Promise<Buffer> {
  const lang = invoiceLanguage(options.lang);
  const messages = await loadMessages(lang);
  const t = createTranslator({ locale: lang, messages, namespace: 'Invoice' });
  const tl = createTranslator({ locale: lang, messages, namespace: 'FareLines' });
  const tc = createTranslator({ locale: lang, messages, namespace: 'Cancellation' });
  const data = invoice.data;
  const numberLocale = `${lang}-u-nu-latn`;
  const money = (minor: number) =>
    new Intl.NumberFormat(numberLocale, { style: 'currency', currency: data.currency, currencyDisplay: 'code' }).format(minor / 100);
  const when = (iso: string) =>
    new Intl.DateTimeFormat(numberLocale, { dateStyle: 'medium', timeStyle: 'short', timeZone: data.timeZone }).format(new Date(iso));
  const day = (date: Date) => new Intl.DateTimeFormat(numberLocale, { dateStyle: 'medium', timeZone: data.timeZone }).format(date);
  const percent = (bps: number) => new Intl.NumberFormat(numberLocale, { maximumFractionDigits: 2 }).format(bps / 100);
  const km = new Intl.NumberFormat(numberLocale, { maximumFractionDigits: 1 }).format(data.distanceM / 1000);

  // pdfkit is loaded with the first invoice, not at start-up (docs/architecture/memory.md#packages-loaded-on-first-use)
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    info: { Title: `${t('title')} ${invoiceLabel(invoice.number)}`, Author: data.seller.name },
    lang,
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  for (const [key, file] of Object.entries(FONT_FILES) as [FontKey, string][]) doc.registerFont(key, path.join(FONT_DIR, file));

  const w = new Writer(doc, isRtl(lang));
  const left = PAGE.margin;
  const full = PAGE.width - 2 * PAGE.margin;
  let y = PAGE.margin;

  // Header: logo and operator, title and number
  const logo = await logoPng(data.seller.logoUrl, options.tenantSlug, options.waitForImages ?? false);
  if (logo) {
    const logoX = w.rtl ? PAGE.width - PAGE.margin - 48 : left;
    doc.image(logo, logoX, y, { fit: [48, 48] });
  }
  const headX = logo ? left + 60 : left;
  let headY = y;
  headY += w.text(data.seller.name, headX, headY, 280, { size: 15 });
  if (data.seller.legalName && data.seller.legalName !== data.seller.name) headY += w.text(data.seller.legalName, headX, headY, 280, { size: 9, color: MUTED });
  if (data.seller.address) headY += w.text(data.seller.address, headX, headY, 280, { size: 9, color: MUTED });
  if (data.seller.taxNumber) headY += w.text(`${t('taxNumber')}: ${data.seller.taxNumber}`, headX, headY, 280, { size: 9, color: MUTED });
  const title = data.taxes.length ? t('taxTitle') : t('title');
  let rightY = y;
  rightY += w.text(title, left + full - 180, rightY, 180, { size: 15, align: 'right' });
  rightY += w.text(`${t('invoiceNumber')}: ${invoiceLabel(invoice.number)}`, left + full - 180, rightY, 180, { size: 9, align: 'right' });
  rightY += w.text(`${t('invoiceDate')}: ${day(invoice.issuedAt)}`, left + full - 180, rightY, 180, { size: 9, align: 'right' });
  rightY += w.text(`${t('rideNumber')}: ${data.rideNumber}`, left + full - 180, rightY, 180, { size: 9, align: 'right' });
  if (data.replaces) rightY += w.text(t('replaces', { number: invoiceLabel(data.replaces) }), left + full - 180, rightY, 180, { size: 9, align: 'right' });
  y = Math.max(headY, rightY, y + (logo ? 52 : 0)) + 10;
  w.rule(y);
  y += 12;

  // Who and what
  const facts: [string, string][] = [];
  if (data.customer.name || data.customer.phone) facts.push([t('billedTo'), [data.customer.name, data.customer.phone].filter(Boolean).join(', ')]);
  if (data.passenger) facts.push([t('passenger'), `${data.passenger.name}, ${data.passenger.phone}`]);
  facts.push([t('route'), data.dropoff ? `${data.pickup} – ${data.dropoff}` : data.pickup]);
  facts.push([t('pickupTime'), when(data.pickupTime)]);
  facts.push([t('completedAt'), when(data.completedAt)]);
  facts.push([t('distance'), t('km', { km })]);
  facts.push([t('paymentMethod'), t(`payment.${data.paymentMethod as 'cash' | 'upi' | 'card'}`)]);
  if (data.seller.sacCode) facts.push([t('sacCode'), data.seller.sacCode]);
  for (const [label, value] of facts) {
    const used = Math.max(w.text(label, left, y, 140, { size: 9, color: MUTED }), w.text(value, left + 150, y, full - 150, { size: 10 }));
    y += used + 2;
  }
  y += 8;

  // Fare lines
  w.rule(y);
  y += 8;
  w.text(t('description'), left, y, 300, { size: 9, color: MUTED });
  w.text(t('amount'), left + full - 160, y, 160, { size: 9, color: MUTED, align: 'right' });
  y += 18;
  const row = (label: string, amount: string, size = 10) => {
    const used = Math.max(w.text(label, left, y, full - 170, { size }), w.text(amount, left + full - 160, y, 160, { size, align: 'right' }));
    y += used + 2;
  };
  const label = (line: (typeof data.lines)[number]) =>
    line.code === 'discount'
      ? tl('discount', { code: data.promoCode ?? '' })
      : line.code === 'waiting' && line.values
        ? tl('waitingDetail', line.values)
        : tl(line.code);
  for (const line of data.lines) row(label(line), money(line.amount));
  // why the ride amount bills more km than the trip (docs/requirements/rider.md#choosing-a-vehicle)
  const minimum = data.billedMinimum;
  if (minimum) {
    const count = (n: number) => new Intl.NumberFormat(numberLocale).format(n);
    const text = tl('billedMinimum', {
      kmPerDay: count(minimum.kmPerDay),
      days: minimum.days,
      billedKm: count(minimum.billedKm),
      tripKm: count(minimum.tripKm),
    });
    y += w.text(text, left, y, full - 170, { size: 9, color: MUTED }) + 2;
  }
  w.rule(y + 2);
  y += 10;
  row(t('total'), money(data.total), 12);
  if (data.walletApplied > 0) {
    row(t('walletApplied'), money(-data.walletApplied));
    row(t('due'), money(data.due), 12);
  }
  const refunded = data.refunds?.length ? (data.refunded ?? 0) : 0;
  for (const refund of data.refunds ?? []) {
    const values = { date: day(new Date(refund.paidAt)), reason: refund.reason };
    row(refund.method === 'wallet' ? t('refundToWallet', values) : t('refundToCard', values), money(-refund.amount));
  }
  if (refunded) row(t('totalAfterRefunds'), money(data.total - refunded), 12);
  y += 6;
  if (data.taxes.length) {
    w.text(refunded ? t('taxIncludedAfterRefunds') : t('taxIncluded'), left, y, full, { size: 9, color: MUTED });
    y += 16;
    row(t('taxableValue'), money(data.taxableValue), 9);
    for (const tax of data.taxes) row(t(`tax.${tax.code}`, { rate: percent(tax.rateBps) }), money(tax.amount), 9);
    if (data.untaxedTolls) row(t('untaxedTolls'), money(data.untaxedTolls), 9);
  }
  if (data.cancellation) {
    y += 6;
    const rule = data.cancellation;
    const fee = rule.feeType === 'fixed' ? money(rule.feeValue) : tc('percentOfFare', { percent: percent(rule.feeValue) });
    const text = rule.freeMinutes
      ? tc('invoiceRule', { duration: formatDuration(rule.freeMinutes * 60, numberLocale), fee })
      : tc('invoiceRuleAtPickup', { fee });
    y += w.text(text, left, y, full, { size: 9, color: MUTED });
  }
  y += 18;
  w.text(t('thanks', { businessName: data.seller.name }), left, y, full, { size: 9, color: MUTED });

  doc.end();
  await finished;
  return Buffer.concat(chunks);
}
