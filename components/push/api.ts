import { api, within, type ApiBody } from '@/lib/api/typed-client';
import { fetchData } from '@/components/data/fetch-data';

/** The rider's push switch (GET/PUT /api/push/settings), typed by the route module. */
export const fetchPushSettings = () => fetchData(api.push.settings.$get(undefined, within()));
export const savePushSettings = (settings: ApiBody<typeof api.push.settings.$put>) => fetchData(api.push.settings.$put({ json: settings }, within()));
