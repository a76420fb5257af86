import 'server-only';
import type { Db } from '@/lib/db/client';
import { invoiceForRide, invoiceLabel } from './invoices';
import { renderInvoicePdf } from './pdf';

/** The invoice PDF of a completed ride as a download (the rider's own rides when riderId is given). */
export async function invoiceDownload(
  db: Db,
  tenant: { id: number; slug: string; language: string },
  rideId: number,
  lang: string | undefined,
  riderId?: number,
): Promise<Response> {
  const invoice = await invoiceForRide(db, tenant.id, rideId, riderId);
  const pdf = await renderInvoicePdf(invoice, { lang: lang ?? tenant.language, tenantSlug: tenant.slug });
  return new Response(new Uint8Array(pdf), {
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="${invoiceLabel(invoice.number)}.pdf"`,
      'content-length': String(pdf.length),
      'cache-control': 'private, no-store',
    },
  });
}
