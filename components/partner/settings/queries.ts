'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';
import { fetchChecklist, fetchSettings, removeLogo, saveCities, saveColour, saveMarket, saveProfile, searchCities, uploadLogo, type SettingsData } from './api';

const keys = queryKeys.partner;

export const useBusinessSettings = () => useQuery({ queryKey: keys.settings(), queryFn: fetchSettings });
export const useChecklist = () => useQuery({ queryKey: keys.checklist(), queryFn: fetchChecklist });
export const useCitySearch = (q: string) =>
  useQuery({ queryKey: keys.citySearch(q), queryFn: () => searchCities(q), enabled: q.trim().length >= 2, staleTime: 60_000 });

/** A settings write: its answer (the whole settings) replaces the cached settings, and the checklist is read again. */
function useSettingsMutation<I>(write: (input: I) => Promise<SettingsData>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (data) => {
      client.setQueryData(keys.settings(), data);
      void client.invalidateQueries({ queryKey: keys.checklist() });
    },
  });
}

export const useSaveProfile = () => useSettingsMutation(saveProfile);
export const useSaveColour = () => useSettingsMutation(saveColour);
export const useSaveCities = () => useSettingsMutation(saveCities);
export const useSaveMarket = () => useSettingsMutation(saveMarket);
export const useUploadLogo = () => useSettingsMutation(uploadLogo);
export const useRemoveLogo = () => useSettingsMutation(() => removeLogo());
