import type { VehicleType } from '@/lib/db/schema/rides';
import type { CustomerPage } from '@/lib/partner/customers';
import type { DateFilter } from '@/lib/partner/dates';
import type { RideEventPage } from '@/lib/partner/events';
import type { Overview } from '@/lib/partner/overview';
import type { RateCardView } from '@/lib/partner/rates';
import type { PartnerWallet } from '@/lib/partner/wallet';
import type { VisitsReport } from '@/lib/tracking/report';
import { fetchData } from '@/components/data/fetch-data';

/** The console screens' reads (each takes the screen's query string) and the rate card save. */

export type OverviewData = Overview & { filter: DateFilter };
export type VisitsData = VisitsReport & { filter: DateFilter; from: string; to: string };
export type RatesData = { currency: string; cards: RateCardView[] };

export const fetchOverview = (query: string) => fetchData<OverviewData>(`/api/partner/overview?${query}`);
export const fetchCustomers = (query: string) => fetchData<CustomerPage>(`/api/partner/customers?${query}`);
export const fetchPartnerWallet = (query: string) => fetchData<PartnerWallet>(`/api/partner/wallet?${query}`);
export const fetchRideEvents = (query: string) => fetchData<RideEventPage>(`/api/partner/events?${query}`);
export const fetchVisits = (query: string) => fetchData<VisitsData>(`/api/tracking/report?${query}`);
export const fetchRates = () => fetchData<RatesData>('/api/partner/rates');
export const saveRateCard = (vehicleType: VehicleType, input: unknown) => fetchData<RateCardView>(`/api/partner/rates/${vehicleType}`, { method: 'PUT', body: input });
