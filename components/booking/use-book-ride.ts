'use client';

import { useRef, useState } from 'react';
import { useLocale } from 'next-intl';
import { useRouter } from '@/lib/i18n/navigation';
import { reportEvent } from '@/lib/tracking/client';
import { toMinor } from '@/lib/money/minor';
import { useSessionStore } from '@/components/auth/session-store';
import { useApiErrorText } from '@/components/ui/use-api-error';
import { updateProfile } from '@/components/rider/api';
import { failureOf } from '@/components/data/fetch-data';
import { bookRide, openCardPayment, type Quote } from './api';
import { useBookingStore, type RideFormData, type SelectedVehicle } from './booking-store';
import { usePromoStore } from './promo-store';
import type { SummaryInput } from './summary-form';

type Fee = Quote['ride_details'][number]['fee'];

/** One booking of the summary: the trip, the chosen fare, the checked fields and what the wallet and promo take. */
export type BookingRequest = { trip: RideFormData; selected: SelectedVehicle; fee: Fee; input: SummaryInput; walletApplied: number; promoCode?: string };

/**
 * Books the summary's ride (one idempotency key per attempt until the server refuses it), then
 * opens the card payment or the confirmation; a 4xx refusal is kept in `problem` and nothing moves.
 */
export function useBookRide() {
  const locale = useLocale();
  const router = useRouter();
  const errorText = useApiErrorText();
  const confirm = useBookingStore((s) => s.confirm);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const attemptKey = useRef<string | null>(null);

  const book = async ({ trip, selected, fee, input, walletApplied, promoCode }: BookingRequest) => {
    setProblem(undefined);
    setBusy(true);
    attemptKey.current ??= crypto.randomUUID();
    const result = await bookRide({
      rideSearchId: selected.quote.ride_search_id,
      rideVehicle: selected.vehicleType,
      ...(selected.nonAc ? { rideNonAc: true } : {}),
      idempotencyKey: attemptKey.current,
      paymentMethod: input.payment,
      flightNumber: trip.tripKind === 'airport' ? trip.flightNumber : undefined,
      flightDirection: trip.tripKind === 'airport' ? trip.flightDirection : undefined,
      currency: fee.currency,
      rideAmount: fee.ride_amount,
      tolls: fee.tolls,
      driverBata: fee.driver_bata,
      totalAmount: fee.total_fee,
      passenger: input.passenger,
      language: locale.split('-')[0],
      useWallet: walletApplied > 0,
      promoCode,
    });
    if (result.ok) {
      const first = result.data.data[0];
      if (!first) {
        setBusy(false);
        reportEvent('book_ride_fails', { reason: 'empty' });
        return;
      }
      reportEvent('book_ride_success', { rideId: first.rideId });
      usePromoStore.getState().setCode(null);
      confirm({
        rideId: first.rideId,
        cashbackAmount: toMinor(first.cashbackAmount),
        walletApplied: toMinor(first.walletApplied),
        totalAmount: first.totalAmount,
        currency: fee.currency,
        ...(first.airport && trip.flightDirection === 'arrival'
          ? {
              meeting: {
                point: first.airport.meetingPoint,
                freeMinutes: first.airport.freeWaitingMinutes,
                flight: Boolean(first.airport.flight),
              },
            }
          : {}),
      });
      if (input.payment === 'card') {
        const signedIn = useSessionStore.getState().me;
        const email = input.email.trim();
        if (signedIn && !signedIn.email && email) {
          // kept in the profile, so the next card payment does not ask again
          await updateProfile({ name: signedIn.name || 'Rider', email }).catch((error: unknown) =>
            console.warn('profile e-mail not saved', failureOf(error).message),
          );
        }
        const opened = await openCardPayment(first.rideId);
        router.push(opened.ok ? `/pay/${opened.data.txnId}` : `/pay/failed?rideId=${first.rideId}`);
        return;
      }
      router.push('/ride/confirmed');
      return;
    }
    reportEvent('book_ride_fails', { reason: result.error.code });
    if (result.error.status >= 400 && result.error.status < 500 && result.error.status !== 401) {
      // The fare or trip is no longer bookable: say why and stay, nothing was booked.
      setBusy(false);
      attemptKey.current = null;
      setProblem(errorText(result.error));
      return;
    }
    console.error(result.error.code === 'network' ? 'Booking timeout' : result.error.message);
    confirm(null);
    router.push('/ride/confirmed');
  };

  return { busy, problem, book };
}
