import type { PushSettings } from '@/lib/push/schemas';
import { fetchData } from '@/components/data/fetch-data';

/** The rider's push switch (GET/PUT /api/push/settings). */
export const fetchPushSettings = () => fetchData<PushSettings>('/api/push/settings');
export const savePushSettings = (settings: PushSettings) => fetchData<PushSettings>('/api/push/settings', { method: 'PUT', body: settings });
