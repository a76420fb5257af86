'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';
import type { RideLists } from '@/components/rider/api';
import { fetchInvoiceSettings, fetchReviews, moderateReview, rateRide, saveInvoiceSettings, type RateInput } from './api';

/** Rates a completed ride; the answer goes into My rides' cached list. */
export function useRateRide(rideId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: RateInput) => rateRide(rideId, input),
    onSuccess: (rating) => {
      client.setQueryData<RideLists>(queryKeys.rider.rides(), (lists) =>
        lists ? { ...lists, past: lists.past.map((r) => (r.id === rideId ? { ...r, rating: { stars: rating.stars, comment: rating.comment } } : r)) } : lists,
      );
    },
  });
}

export const useReviews = () => useQuery({ queryKey: queryKeys.partner.reviews(), queryFn: fetchReviews });

export function useModerateReview() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: 'approved' | 'rejected' }) => moderateReview(id, status),
    onSuccess: () => void client.invalidateQueries({ queryKey: queryKeys.partner.reviews() }),
  });
}

export const useInvoiceSettings = () => useQuery({ queryKey: queryKeys.partner.invoiceSettings(), queryFn: fetchInvoiceSettings });

export function useSaveInvoiceSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveInvoiceSettings,
    onSuccess: (data) => client.setQueryData(queryKeys.partner.invoiceSettings(), data),
  });
}
