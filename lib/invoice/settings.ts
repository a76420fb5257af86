import 'server-only';
import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { businesses, invoiceSettings } from '@/lib/db/schema';
import { badRequest } from '@/lib/errors/domain-error';
import type { InvoiceSettingsInput } from './schemas';

/** A GSTIN: 2-digit state code, 10-character PAN, entity digit, Z, check character. */
const GSTIN = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

export type InvoiceSettingsView = {
  legalName: string | null;
  address: string | null;
  taxNumber: string | null;
  taxRate: number;
  sacCode: string | null;
  supplyType: 'intra' | 'inter';
  countryCode: string;
};

export async function getInvoiceSettings(db: Db, businessId: number): Promise<InvoiceSettingsView> {
  const [business] = await db.select({ countryCode: businesses.countryCode }).from(businesses).where(eq(businesses.id, businessId)).limit(1);
  const [row] = await db.select().from(invoiceSettings).where(eq(invoiceSettings.businessId, businessId)).limit(1);
  const india = business?.countryCode === 'in';
  return {
    legalName: row?.legalName ?? null,
    address: row?.address ?? null,
    taxNumber: row?.taxNumber ?? null,
    taxRate: (row?.taxRateBps ?? (india ? 500 : 0)) / 100,
    sacCode: row?.sacCode ?? (india ? '996412' : null),
    supplyType: row?.supplyType ?? 'intra',
    countryCode: business?.countryCode ?? 'in',
  };
}

/** Saves the operator's invoice details; an Indian tax number must be a GSTIN. */
export async function saveInvoiceSettings(db: Db, businessId: number, input: InvoiceSettingsInput): Promise<InvoiceSettingsView> {
  const [business] = await db.select({ countryCode: businesses.countryCode }).from(businesses).where(eq(businesses.id, businessId)).limit(1);
  if (business?.countryCode === 'in' && input.taxNumber && !GSTIN.test(input.taxNumber))
    throw badRequest('taxNumber: This is not a GSTIN (15 characters, e.g. 33ABCDE1234F1Z5).', 'taxNumber');
  const values = {
    legalName: input.legalName,
    address: input.address,
    taxNumber: input.taxNumber,
    taxRateBps: Math.round(input.taxRate * 100),
    sacCode: input.sacCode,
    supplyType: input.supplyType,
    updatedAt: new Date(),
  };
  await db
    .insert(invoiceSettings)
    .values({ businessId, ...values })
    .onConflictDoUpdate({ target: invoiceSettings.businessId, set: values });
  return getInvoiceSettings(db, businessId);
}
