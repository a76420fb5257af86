'use client';

import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys, type PartnerRidesFilter } from '@/lib/query-keys';
import { fetchAssignable, fetchPartnerRides, sendRideAction, type RideActionInput } from './api';

const keys = queryKeys.partner.rides;

/** The rides of a status tab and search; the previous tab's list stays until the next one arrives. */
export const usePartnerRides = (filter: PartnerRidesFilter) =>
  useQuery({ queryKey: keys.list(filter), queryFn: () => fetchPartnerRides(filter), placeholderData: keepPreviousData });

/** The Accept or Reassign dialog's drivers and vehicles for one ride, read fresh each time the dialog opens. */
export const useAssignable = (enabled: boolean, rideId?: number) => useQuery({ queryKey: [...keys.assignable(), rideId ?? null], queryFn: () => fetchAssignable(rideId), enabled, staleTime: 0 });

/** Accept, decline, start or complete: every rides list (counts, tabs) and the drivers' open rides are read again. */
export function useRideAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ rideId, payload }: { rideId: number; payload: RideActionInput }) => sendRideAction(rideId, payload),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: keys.all });
      void client.invalidateQueries({ queryKey: queryKeys.partner.fleet.drivers() });
    },
  });
}
