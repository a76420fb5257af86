import 'server-only';
import type { Db } from '@/lib/db/client';
import { allRateCards } from '@/lib/fares/rate-cards';
import { offeredLanguages } from '@/lib/settings/languages';
import { meetingPoints, servedAirports, waitingRulesOf } from './settings';

type Operator = { id: number; countryCode: string; languages?: readonly string[] | null; language: string; currency: string };

/** The console's Airports and waiting screen: the rules, each served airport with its meeting point, the languages to write it in. */
export async function airportsScreen(db: Db, operator: Operator) {
  const [airports, points, waiting, cards] = await Promise.all([
    servedAirports(db, operator),
    meetingPoints(db, operator.id),
    waitingRulesOf(db, operator.id),
    allRateCards(db, operator),
  ]);
  const languages = offeredLanguages(operator);
  return {
    languages,
    mainLanguage: languages.includes(operator.language) ? operator.language : languages[0],
    currency: operator.currency,
    waiting: { freeMinutes: waiting.freeMinutes, blockMinutes: waiting.blockMinutes, landingBufferMinutes: waiting.landingBufferMinutes },
    /** Charge per started block per offered vehicle type, in major units (edited on the Fares page). */
    waitingCharges: cards.filter((card) => card.active).map((card) => ({ vehicleType: card.vehicleType, perBlock: card.waitingCharge / 100 })),
    airports: airports.map((airport) => {
      const point = points.get(airport.code);
      return {
        code: airport.code,
        name: airport.name,
        distanceKm: airport.distanceKm,
        meetingPoint: point ? { texts: point.texts, photoUrl: point.photoUrl, updatedAt: point.updatedAt.toISOString() } : null,
      };
    }),
  };
}
