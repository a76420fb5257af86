'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RideView } from '@/lib/rides/queries';
import { queryKeys } from '@/lib/query-keys';
import { useSessionStore } from '@/components/auth/session-store';
import { cancelRide, deleteAccount, fetchRiderRides, fetchRiderWallet, updateProfile, type RideLists } from './api';

const byPickupDesc = (a: RideView, b: RideView) => b.pickupTime.localeCompare(a.pickupTime);

export const useRiderRides = () => useQuery({ queryKey: queryKeys.rider.rides(), queryFn: fetchRiderRides });
export const useRiderWallet = () => useQuery({ queryKey: queryKeys.rider.wallet(), queryFn: fetchRiderWallet });

/** Cancels a ride; the answer moves it to Past, and the wallet (its pending cashback is reversed) is read again. */
export function useCancelRide() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ rideId, ...input }: { rideId: number; reason: string; refundTo?: 'provider' | 'wallet' }) => cancelRide(rideId, input),
    onSuccess: (ride) => {
      client.setQueryData<RideLists>(queryKeys.rider.rides(), (lists) =>
        lists
          ? {
              upcoming: lists.upcoming.filter((r) => r.id !== ride.id),
              past: [
                // the cancel answer is the plain ride: it keeps the airport facts the list had
                { ...ride, airport: lists.upcoming.find((r) => r.id === ride.id)?.airport ?? null },
                ...lists.past.filter((r) => r.id !== ride.id),
              ].sort(byPickupDesc),
            }
          : lists,
      );
      void client.invalidateQueries({ queryKey: queryKeys.rider.wallet() });
    },
  });
}

/** Saves name and e-mail; the session (header name) is reloaded. */
export function useUpdateProfile() {
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: () => void useSessionStore.getState().refresh(),
  });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
