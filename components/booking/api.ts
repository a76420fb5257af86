import { api, typedCall, within, type ApiBody, type ApiDataOf } from '@/lib/api/typed-client';
import { fetchData } from '@/components/data/fetch-data';

/** The booking pages' routes (quote, book, places, card payment), typed by the route modules. */

/** POST /api/rides/quote's body and data: the trip, then its route and every vehicle type's fare. */
export type QuoteInput = ApiBody<typeof api.rides.quote.$post>;
export type Quote = ApiDataOf<typeof api.rides.quote.$post>;
export type PlaceSuggestion = ApiDataOf<typeof api.places.search.$get>[number];

/** Booking's limit (docs/requirements/rider.md#numbers-the-screens-use). */
const BOOKING_TIMEOUT_MS = 15_000;

export const fetchQuote = (input: QuoteInput) => fetchData(api.rides.quote.$post({ json: input }, within()));

/** City suggestions for a typed text, in the page's language. */
export const searchPlaces = (q: string, lang: string) => fetchData(api.places.search.$get({ query: { q, lang } }, within()));

/** The place at a position (the "current location" button). */
export const reversePlace = (lat: number, lng: number, lang: string) =>
  fetchData(api.places.reverse.$get({ query: { lat: String(lat), lng: String(lng), lang } }, within()));

/** Books the chosen vehicle of a stored quote; the `ApiResult` keeps the status (4xx: say why and stay). */
export type BookInput = ApiBody<typeof api.rides.$post>;
export const bookRide = (input: BookInput) => typedCall(api.rides.$post({ json: input }, within(BOOKING_TIMEOUT_MS)));

/** The console books for a customer by phone. */
export const bookForCustomer = (input: ApiBody<typeof api.partner.rides.book.$post>) => fetchData(api.partner.rides.book.$post({ json: input }, within()));

/** Opens a card payment for a booked ride: the txnId of the pay page. */
export const openCardPayment = (rideId: number) => typedCall(api.payments.$post({ json: { rideId } }, within()));

/** The summary's Apply: a promo code's discount on the chosen fare (the `ApiResult` keeps the refusal's reason). */
export const checkPromoCode = (input: ApiBody<typeof api.promos.check.$post>) => typedCall(api.promos.check.$post({ json: input }, within()));
