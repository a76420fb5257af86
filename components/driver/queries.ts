'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DriverRide } from '@/lib/driver/rides';
import type { DriverRideAction } from '@/lib/driver/schemas';
import { queryKeys } from '@/lib/query-keys';
import { actOnRide, fetchAvailability, fetchDriverRides, sendAvailability, type DriverScope } from './api';

export const isLive = (ride: DriverRide) => ride.status === 'accepted' || ride.status === 'ontrip';

export const useDriverRides = (scope: DriverScope) => useQuery({ queryKey: queryKeys.driver.rides.list(scope), queryFn: () => fetchDriverRides(scope) });

/** Start (with the rider's code) or Complete; the answer replaces the ride in both lists (the active one drops it once it has ended). */
export function useDriverRideAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ rideId, action }: { rideId: number; action: DriverRideAction }) => actOnRide(rideId, action),
    onSuccess: (ride) => {
      const replace = (list: DriverRide[] | undefined) => list?.map((r) => (r.id === ride.id ? ride : r));
      client.setQueryData<DriverRide[]>(queryKeys.driver.rides.list('active'), (list) =>
        isLive(ride) ? replace(list) : list?.filter((r) => r.id !== ride.id),
      );
      client.setQueryData<DriverRide[]>(queryKeys.driver.rides.list('recent'), replace);
    },
  });
}

/** The driver's online switch; busy follows the rides, so ride changes read it again. */
export const useAvailability = () => useQuery({ queryKey: queryKeys.driver.availability(), queryFn: fetchAvailability });

export function useSetAvailability() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: sendAvailability,
    onSuccess: (availability) => client.setQueryData(queryKeys.driver.availability(), availability),
  });
}
