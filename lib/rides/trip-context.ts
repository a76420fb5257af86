import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { createTranslator } from 'next-intl';
import type { Db } from '@/lib/db/client';
import { preparedOn } from '@/lib/db/prepared';
import { businesses, drivers, rides, rideShareLinks, users, vehicles, type Ride } from '@/lib/db/schema';
import { hashToken, newToken } from '@/lib/crypto/tokens';
import { e164 } from '@/lib/contact/identifiers';
import { DEFAULT_COUNTRY, isCountryCode, localizedPath, resolveLanguage, toLocaleTag, type Market } from '@/lib/i18n/markets';
import { loadMessages } from '@/lib/i18n/messages';
import { offersChannel } from '@/lib/messaging/channel-provider';
import { deliver, type DeliveryResult } from '@/lib/messaging/outbox';
import type { MessagePurpose } from '@/lib/messaging/purposes';
import { MESSAGE_VALUE_MAX, operatorText } from '@/lib/messaging/safe-text';
import { logger } from '@/lib/log';
import { siteOrigin } from '@/lib/seo/origin';
import type { PushPayload } from '@/lib/push/schemas';

/** A ride with what its messages name (operator, rider, driver, vehicle), and the senders every ride message goes through. */

export type TripSenders = {
  /** Web push to the rider's devices (the booker: a passenger has no account here). */
  push?: (db: Db, businessId: number, userId: number, payload: PushPayload) => Promise<unknown>;
};

const globalForTrip = globalThis as unknown as { __travelsxTripSenders?: TripSenders };

/** Server start-up hands in the push sender (lib/push listens to rides, so lib/rides does not import it). */
export function setTripSenders(senders: TripSenders): void {
  globalForTrip.__travelsxTripSenders = senders;
}

export type RideContext = {
  ride: Ride;
  business: typeof businesses.$inferSelect;
  rider: { name: string | null; phoneCode: string | null; phone: string | null; email: string | null } | undefined;
  driver: { name: string; phoneCode: string; phone: string } | undefined;
  vehicle: { model: string; number: string } | undefined;
};

/**
 * One round trip: the ride, its operator, rider, driver and vehicle. Each message's job reads it (on PGlite the jobs
 * share the one database with the bookings), so it is built once per database handle (lib/db/prepared.ts): building
 * this select took longer than running it.
 */
const rideWithPeople = preparedOn('ride_context', (db, name) =>
  db
    .select({
      ride: rides,
      business: businesses,
      rider: { id: users.id, name: users.name, phoneCode: users.phoneCode, phone: users.phone, email: users.email },
      driver: { id: drivers.id, name: drivers.name, phoneCode: drivers.phoneCode, phone: drivers.phone },
      vehicle: { id: vehicles.id, model: vehicles.model, number: vehicles.number },
    })
    .from(rides)
    .innerJoin(businesses, eq(businesses.id, rides.businessId))
    .leftJoin(users, eq(users.id, rides.riderId))
    .leftJoin(drivers, and(eq(drivers.id, rides.driverId), eq(drivers.businessId, rides.businessId)))
    .leftJoin(vehicles, and(eq(vehicles.id, rides.vehicleId), eq(vehicles.businessId, rides.businessId)))
    .where(eq(rides.id, sql.placeholder('rideId')))
    .limit(1)
    .prepare(name),
);

export async function rideContext(db: Db, rideId: number): Promise<RideContext | undefined> {
  const [row] = await rideWithPeople(db).execute({ rideId });
  if (!row) return undefined;
  const { ride, business, rider, driver, vehicle } = row;
  return {
    ride,
    business,
    rider: rider ? { name: rider.name, phoneCode: rider.phoneCode, phone: rider.phone, email: rider.email } : undefined,
    driver: driver ? { name: driver.name, phoneCode: driver.phoneCode, phone: driver.phone } : undefined,
    vehicle: vehicle ? { model: vehicle.model, number: vehicle.number } : undefined,
  };
}

/** The market a ride's messages speak: the language the rider booked in, else the operator's. */
export function rideMarket(ctx: RideContext): Market {
  const country = isCountryCode(ctx.business.countryCode) ? ctx.business.countryCode : DEFAULT_COUNTRY;
  return { country, lang: resolveLanguage(country, ctx.ride.language ?? ctx.business.language) };
}

export async function translator(market: Market, namespace: 'TripMessages' | 'Invoice') {
  const locale = toLocaleTag(market);
  return createTranslator({ locale, messages: await loadMessages(locale), namespace });
}

/** Who travels: the passenger's phone when the ride was booked for someone else, else the rider's. */
export function travellerPhone(ctx: Pick<RideContext, 'ride' | 'rider'>): string | undefined {
  const { ride, rider } = ctx;
  if (ride.passengerPhoneCode && ride.passengerPhone) return e164({ dialCode: ride.passengerPhoneCode, number: ride.passengerPhone });
  if (rider?.phoneCode && rider.phone) return e164({ dialCode: rider.phoneCode, number: rider.phone });
  return undefined;
}

/** A read-only tracking link for the traveller (a share link of the ride: it dies with the ride). */
export async function trackingUrl(db: Db, ctx: RideContext, market: Market): Promise<string> {
  const token = newToken();
  await db.insert(rideShareLinks).values({ tokenHash: hashToken(token), businessId: ctx.ride.businessId, rideId: ctx.ride.id });
  return `${siteOrigin(ctx.business)}${localizedPath(market, '/track/driver')}?rideId=${ctx.ride.number}&token=${token}`;
}

export type TextMessage = { purpose: MessagePurpose; text: string; links?: string[] };

/** The message by SMS, and by WhatsApp too when the operator (or the deployment) has a number; both through deliver() and its budget. */
export async function sendText(db: Db, ctx: RideContext, to: string, message: TextMessage): Promise<DeliveryResult[]> {
  const base = { businessId: ctx.ride.businessId, to, rideId: ctx.ride.id, fromName: ctx.business.name, ...message };
  const { name, slug, phoneCode, messagesAbroad } = ctx.business;
  const known = { sender: { name, slug, phoneCode, messagesAbroad } };
  const results = [await deliver(db, { ...base, channel: 'sms' }, known)];
  if (await offersChannel(db, ctx.ride.businessId, 'whatsapp')) results.push(await deliver(db, { ...base, channel: 'whatsapp' }, known));
  return results;
}

export async function push(db: Db, ctx: RideContext, payload: PushPayload): Promise<void> {
  const send = globalForTrip.__travelsxTripSenders?.push;
  if (send)
    await send(db, ctx.ride.businessId, ctx.ride.riderId, payload).catch((error: unknown) =>
      logger.warn({ err: error, rideId: ctx.ride.id }, 'trip push failed'),
    );
}

/** The operator's name capped for a message (operator-chosen text, lib/messaging/safe-text). */
export const businessNameOf = (ctx: Pick<RideContext, 'business'>) => operatorText(ctx.business.name, MESSAGE_VALUE_MAX.businessName);

export function driverValues(ctx: RideContext) {
  return {
    businessName: businessNameOf(ctx),
    rideNumber: ctx.ride.number,
    driverName: operatorText(ctx.driver?.name, MESSAGE_VALUE_MAX.personName),
    driverPhone: ctx.driver ? e164({ dialCode: ctx.driver.phoneCode, number: ctx.driver.phone }) : '',
    vehicleModel: operatorText(ctx.vehicle?.model, MESSAGE_VALUE_MAX.vehicle),
    plate: operatorText(ctx.vehicle?.number, MESSAGE_VALUE_MAX.plate),
    code: ctx.ride.startCode,
  };
}
