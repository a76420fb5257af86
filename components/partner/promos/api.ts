import { api, within, type ApiBody } from '@/lib/api/typed-client';
import { fetchData } from '@/components/data/fetch-data';

/** The console's promo code routes, typed by the route modules. */

export type PromoBody = ApiBody<typeof api.partner.promos.$post>;

export const fetchPromos = () => fetchData(api.partner.promos.$get(undefined, within()));
export type PromoRow = Awaited<ReturnType<typeof fetchPromos>>[number];

export const createPromo = (input: PromoBody) => fetchData(api.partner.promos.$post({ json: input }, within()));

export const updatePromo = (id: number, input: PromoBody) => fetchData(api.partner.promos[':id'].$put({ param: { id: String(id) }, json: input }, within()));

export const setPromoActive = (id: number, active: boolean) =>
  fetchData(api.partner.promos[':id'].$patch({ param: { id: String(id) }, json: { active } }, within()));

export const deletePromo = (id: number) => fetchData(api.partner.promos[':id'].$delete({ param: { id: String(id) } }, within()));
