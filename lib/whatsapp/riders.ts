import { and, eq, isNull } from 'drizzle-orm';
import { parsePhoneNumberFromString as parsePhoneNumber } from 'libphonenumber-js/min';
import type { Db } from '@/lib/db/client';
import { users, type User } from '@/lib/db/schema';
import { NAME_MAX } from '@/lib/contact/identifiers';

/** Splits a WhatsApp sender id (E.164 digits) into the dial code and national number the users table stores. */
export function splitWhatsAppPhone(waId: string): { dialCode: string; number: string } | undefined {
  const parsed = parsePhoneNumber(`+${waId}`);
  if (!parsed?.countryCallingCode || !/^\d{6,14}$/.test(parsed.nationalNumber)) return undefined;
  return { dialCode: parsed.countryCallingCode, number: parsed.nationalNumber };
}

/** The rider account of a phone on this tenant, created on first contact (on WhatsApp the account is the phone). */
export async function riderForPhone(db: Db, businessId: number, waId: string, profileName?: string): Promise<User | undefined> {
  const phone = splitWhatsAppPhone(waId);
  if (!phone) return undefined;
  const match = and(eq(users.businessId, businessId), eq(users.role, 'travelsx-user'), eq(users.phoneCode, phone.dialCode), eq(users.phone, phone.number));
  const [existing] = await db.select().from(users).where(match).limit(1);
  if (existing) return existing.deletedAt ? undefined : existing;
  await db
    .insert(users)
    .values({ businessId, role: 'travelsx-user', phoneCode: phone.dialCode, phone: phone.number, name: profileName?.slice(0, NAME_MAX) || null })
    .onConflictDoNothing();
  const [created] = await db
    .select()
    .from(users)
    .where(and(match, isNull(users.deletedAt)))
    .limit(1);
  return created;
}
