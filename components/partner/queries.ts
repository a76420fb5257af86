'use client';

import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { VehicleType } from '@/lib/booking/vocabulary';
import { queryKeys } from '@/lib/query-keys';
import {
  fetchCustomers,
  fetchOverview,
  fetchPartnerMoney,
  fetchPartnerWallet,
  fetchRates,
  fetchRideEvents,
  fetchVisits,
  saveRateCard,
  type RateCardInput,
  type RatesData,
} from './api';

const keys = queryKeys.partner;

/** A filtered or paged console view: the last page stays on screen while the next one loads. */
const paged = { placeholderData: keepPreviousData } as const;

export const useOverview = (query: string) => useQuery({ queryKey: keys.overview(query), queryFn: () => fetchOverview(query), ...paged });
export const useCustomers = (query: string) => useQuery({ queryKey: keys.customers(query), queryFn: () => fetchCustomers(query), ...paged });
export const usePartnerWallet = (query: string) => useQuery({ queryKey: keys.wallet(query), queryFn: () => fetchPartnerWallet(query), ...paged });
export const usePartnerMoney = (query: string) => useQuery({ queryKey: keys.money(query), queryFn: () => fetchPartnerMoney(query), ...paged });
export const useRideEventLog = (query: string) => useQuery({ queryKey: keys.events(query), queryFn: () => fetchRideEvents(query), ...paged });
export const useVisits = (query: string) => useQuery({ queryKey: keys.visits(query), queryFn: () => fetchVisits(query), ...paged });
export const useRates = () => useQuery({ queryKey: keys.rates(), queryFn: fetchRates });

/** Saves one vehicle type's rate card; the answer replaces that card in the cached list. */
export function useSaveRateCard() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ vehicleType, input }: { vehicleType: VehicleType; input: RateCardInput }) => saveRateCard(vehicleType, input),
    onSuccess: (card) =>
      client.setQueryData<RatesData>(keys.rates(), (data) =>
        data ? { ...data, cards: data.cards.map((c) => (c.vehicleType === card.vehicleType ? card : c)) } : data,
      ),
  });
}
