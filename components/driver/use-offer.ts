'use client';

import { useEffect, useRef } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { io } from 'socket.io-client';
import { OFFER_CLOSED_EVENT, OFFER_EVENT, type DriverOffer, type OfferClosedEvent } from '@/lib/dispatch/events';
import { queryKeys } from '@/lib/query-keys';
import { onReadAgain } from '@/components/ui/socket-read-again';
import { answerOffer, fetchOffer } from './api';

/** The sound of a new offer (the same as the console's new booking). */
const OFFER_SOUND = '/sounds/new-booking.wav';

function ring(): void {
  new Audio(OFFER_SOUND).play().catch((error: unknown) => console.warn('offer sound could not play', error));
}

/**
 * The ride offered to the signed-in driver: read on load (an offer survives a
 * reload) and replaced live by socket.io (`rideOffer` with a sound,
 * `offerClosed` when it ended elsewhere: run out, or the operator chose).
 */
export function useDriverOffer(enabled: boolean, onClosed?: (closed: OfferClosedEvent) => void) {
  const client = useQueryClient();
  const query = useQuery({ queryKey: queryKeys.driver.offer(), queryFn: fetchOffer, enabled });
  const closedHandler = useRef(onClosed);
  useEffect(() => {
    closedHandler.current = onClosed;
  });
  useEffect(() => {
    if (!enabled) return;
    const socket = io({ withCredentials: true, transports: ['websocket', 'polling'] });
    socket.on(OFFER_EVENT, (offer: DriverOffer) => {
      client.setQueryData(queryKeys.driver.offer(), offer);
      ring();
    });
    socket.on(OFFER_CLOSED_EVENT, (closed: OfferClosedEvent) => {
      client.setQueryData<DriverOffer | null>(queryKeys.driver.offer(), (offer) => (offer?.rideId === closed.rideId ? null : offer));
      closedHandler.current?.(closed);
    });
    onReadAgain(socket, () => void client.invalidateQueries({ queryKey: queryKeys.driver.offer() }));
    socket.on('connect_error', (error) => console.warn('offers unavailable', error.message));
    return () => {
      socket.disconnect();
    };
  }, [enabled, client]);
  return query;
}

/** Accept or decline; the offer leaves the screen either way, and an accepted ride joins the driver's rides. */
export function useAnswerOffer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ rideId, answer }: { rideId: number; answer: 'accept' | 'decline' }) => answerOffer(rideId, answer),
    onSettled: () => {
      client.setQueryData(queryKeys.driver.offer(), null);
      void client.invalidateQueries({ queryKey: queryKeys.driver.rides.all });
      void client.invalidateQueries({ queryKey: queryKeys.driver.availability() });
    },
  });
}
