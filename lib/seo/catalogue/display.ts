import { formatKm, formatTime } from '@/lib/i18n/format';
import { ROAD_FACTOR } from '@/lib/road-distance/estimate';
import { nameIn, nativeName, writesLatin } from './names';
import type { PlaceRef } from './page-models';
import { DAY_PICKUP } from './trip-fares';

import type { getTranslations } from 'next-intl/server';

type Translator<N extends 'Airports' | 'PageFares'> = Awaited<ReturnType<typeof getTranslations<N>>>;

/** A place's name on a page in `lang`: its native-script name when the index has one. */
export function placeName(place: Pick<PlaceRef, 'name' | 'names'>, lang: string): string {
  return nameIn(place, lang);
}

/**
 * An airport's name on a page in `lang`, with its code: the official (Latin) name on Latin-script pages;
 * elsewhere "{town} airport" in the page's words with the town in the page's script, when the index has it.
 * `t` reads the Airports namespace.
 */
export function airportName(airport: Pick<PlaceRef, 'name' | 'code' | 'town'>, lang: string, t: Translator<'Airports'>): string {
  const town = airport.town && !writesLatin(lang) ? nativeName(airport.town.names, lang) : undefined;
  return t('withCode', { name: town ? t('name', { town }) : airport.name, code: airport.code ?? '' });
}

/** A trip's distance: the road distance as given by a routing provider, or "about N km" for the offline estimate. `t` reads PageFares. */
export function distanceText(trip: { distanceM: number; estimated: boolean }, locale: string, t: Translator<'PageFares'>): string {
  return trip.estimated
    ? t('about', { distance: formatKm(Math.max(1000, Math.round(trip.distanceM / 1000) * 1000), locale) })
    : formatKm(trip.distanceM, locale);
}

/** A local clock time ("10:00") as the page's language writes it ("10:00 AM"). */
export function clockText(slot: string, locale: string): string {
  const [hour, minute] = slot.split(':').map(Number);
  return formatTime(new Date(Date.UTC(2000, 0, 1, hour, minute)), locale, 'UTC');
}

/** The note under a fare table: the hour priced, and how distances were found when they are estimates. */
export function fareNote(fares: { estimated: boolean }, locale: string, t: Translator<'PageFares'>): string {
  const note = t('note', { time: clockText(DAY_PICKUP, locale) });
  return fares.estimated ? `${note} ${t('estimateNote', { factor: new Intl.NumberFormat(locale, { numberingSystem: 'latn' }).format(ROAD_FACTOR) })}` : note;
}
