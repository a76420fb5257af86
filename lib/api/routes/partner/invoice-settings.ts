import { endpoint } from '@/lib/api/endpoint';
import { getInvoiceSettings, saveInvoiceSettings } from '@/lib/invoice/settings';
import { invoiceSettingsSchema } from '@/lib/invoice/schemas';

/** The console's "Invoice details": legal name, address, tax number, GST rate, SAC code, place of supply. */
export const GET = endpoint({ auth: ['travelsx-partner', 'deliverx-partner'] }, async ({ db, tenant }) => {
  return { success: true, data: await getInvoiceSettings(db, tenant.id) };
});

export const PUT = endpoint({ auth: ['travelsx-partner', 'deliverx-partner'], body: invoiceSettingsSchema }, async ({ db, tenant, body }) => {
  return { success: true, data: await saveInvoiceSettings(db, tenant.id, body) };
});
