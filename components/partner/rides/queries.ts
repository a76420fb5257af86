'use client';

import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys, type PartnerRidesFilter } from '@/lib/query-keys';
import { fetchAssignable, fetchPartnerRides, sendRefund, sendRefundRetry, sendRideAction, type RefundInput, type RideActionInput } from './api';

const keys = queryKeys.partner.rides;

/**
 * The board for a filter, page after page (cursor paging, no cap): the first
 * page carries the counts for the range; the previous filter's pages stay
 * until the next one arrives.
 */
export const usePartnerBoard = (filter: PartnerRidesFilter) =>
  useInfiniteQuery({
    queryKey: keys.list(filter),
    queryFn: ({ pageParam }) => fetchPartnerRides(filter, pageParam || undefined),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });

/** The Accept or Reassign dialog's drivers and vehicles for one ride, read fresh each time the dialog opens. */
export const useAssignable = (enabled: boolean, rideId?: number) =>
  useQuery({ queryKey: [...keys.assignable(), rideId ?? null], queryFn: () => fetchAssignable(rideId), enabled, staleTime: 0 });

/** Accept, decline, start or complete: every board page (counts, tabs), the drivers' open rides and the wallet are read again. */
export function useRideAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ rideId, payload }: { rideId: number; payload: RideActionInput }) => sendRideAction(rideId, payload),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: keys.all });
      void client.invalidateQueries({ queryKey: queryKeys.partner.fleet.drivers() });
      void client.invalidateQueries({ queryKey: ['partner', 'wallet'] });
      void client.invalidateQueries({ queryKey: ['partner', 'overview'] });
    },
  });
}

/** After a refund or a retry: the board, the wallet and the money report are read again. */
function useMoneyRefresh() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: keys.all });
    void client.invalidateQueries({ queryKey: ['partner', 'wallet'] });
    void client.invalidateQueries({ queryKey: ['partner', 'money'] });
  };
}

export function useRefundRide() {
  const refresh = useMoneyRefresh();
  return useMutation({ mutationFn: ({ rideId, input }: { rideId: number; input: RefundInput }) => sendRefund(rideId, input), onSuccess: refresh });
}

export function useRetryRefund() {
  const refresh = useMoneyRefresh();
  return useMutation({
    mutationFn: ({ refundId, toWallet }: { refundId: number; toWallet: boolean }) => sendRefundRetry(refundId, toWallet),
    onSuccess: refresh,
  });
}
