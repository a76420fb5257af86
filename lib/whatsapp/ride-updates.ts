import { and, eq, sql } from 'drizzle-orm';
import { getDb, type Db } from '@/lib/db/client';
import { businesses, chatMessages, chatSessions, users, type Ride } from '@/lib/db/schema';
import { deliver } from '@/lib/messaging/outbox';
import { MESSAGE_VALUE_MAX, operatorText } from '@/lib/messaging/safe-text';
import { onRideChange } from '@/lib/rides/notify';
import { whatsappConfigFor } from './config';
import { botTranslator, tenantLocale } from './text';

const NOTIFIED = ['accepted', 'ontrip', 'completed', 'cancelled'] as const;
type Notified = (typeof NOTIFIED)[number];
const isNotified = (status: string): status is Notified => (NOTIFIED as readonly string[]).includes(status);

/** The WhatsApp number a ride was booked from, or undefined when it was booked elsewhere. */
export async function whatsappPhoneForRide(db: Db, ride: Pick<Ride, 'number' | 'businessId' | 'riderId' | 'source'>): Promise<string | undefined> {
  if (ride.source === 'whatsapp') {
    const [rider] = await db.select({ phoneCode: users.phoneCode, phone: users.phone }).from(users).where(eq(users.id, ride.riderId)).limit(1);
    if (rider?.phoneCode && rider.phone) return `${rider.phoneCode}${rider.phone}`;
  }
  if (ride.source !== 'chat' && ride.source !== 'whatsapp') return undefined;
  const [session] = await db
    .select({ id: chatSessions.id, phone: chatSessions.phone })
    .from(chatMessages)
    .innerJoin(chatSessions, eq(chatSessions.id, chatMessages.sessionId))
    .where(
      and(
        eq(chatMessages.businessId, ride.businessId),
        eq(chatSessions.channel, 'whatsapp'),
        sql`${chatMessages.data}->>'kind' = 'booked'`,
        sql`${chatMessages.data}->>'rideId' = ${String(ride.number)}`,
      ),
    )
    .limit(1);
  if (!session) return undefined;
  return session.phone ?? session.id.replace(/^wa-/, '');
}

/**
 * Sends later status changes of rides booked on WhatsApp back to the rider
 * there, through deliver() and its message budget (the rider wrote in, but an
 * operator's actions start these). Returns the unsubscribe.
 */
export function watchWhatsAppRides(): () => void {
  return onRideChange(async ({ ride, from, to }) => {
    if (from === to || !isNotified(to)) return;
    const db = await getDb();
    const config = await whatsappConfigFor(db, ride.businessId);
    if (!config) return;
    const phone = await whatsappPhoneForRide(db, ride);
    if (!phone) return;
    const [business] = await db
      .select({ name: businesses.name, countryCode: businesses.countryCode, language: businesses.language })
      .from(businesses)
      .where(eq(businesses.id, ride.businessId))
      .limit(1);
    if (!business) return;
    const { t } = await botTranslator(tenantLocale(business));
    await deliver(db, {
      businessId: ride.businessId,
      channel: 'whatsapp',
      to: phone,
      purpose: 'ride-status',
      rideId: ride.id,
      text: t(`status.${to}`, { id: ride.number, businessName: operatorText(business.name, MESSAGE_VALUE_MAX.businessName) }),
      fromName: business.name,
    });
  });
}
