import type { AgencyView } from '@/lib/fleet/agencies';
import type { FleetCounters } from '@/lib/fleet/counters';
import type { DriverView } from '@/lib/fleet/drivers';
import type { StatusAction } from '@/lib/fleet/schemas';
import type { VehicleView } from '@/lib/fleet/vehicles';
import { ApiRequestError, fetchData } from '@/components/data/fetch-data';

/** The console's fleet routes: every fetch of the fleet screens goes through here. */

export type VehiclesData = { counters: FleetCounters; vehicles: VehicleView[] };
export type DriversData = { counters: FleetCounters; drivers: DriverView[] };
export type AgenciesData = { counters: FleetCounters; agencies: AgencyView[] };

/** A fleet list read; a failure is also logged (the screen keeps what it showed). */
async function list<T>(path: string): Promise<T> {
  try {
    return await fetchData<T>(path);
  } catch (error) {
    if (error instanceof ApiRequestError) console.warn('fleet list error', error.message);
    throw error;
  }
}

export const fetchVehicles = () => list<VehiclesData>('/api/partner/vehicles');
export const fetchDrivers = () => list<DriversData>('/api/partner/drivers');
export const fetchAgencies = () => list<AgenciesData>('/api/partner/agencies');

export type VehicleInput = { vehicleType: string; model: string; number: string };
export const createVehicle = (input: VehicleInput) => fetchData<VehicleView>('/api/partner/vehicles', { body: input });
export const patchVehicle = (id: number, body: Partial<VehicleInput> | { online: boolean }) => fetchData<VehicleView>(`/api/partner/vehicles/${id}`, { method: 'PATCH', body });
export const deleteVehicle = (id: number) => fetchData<unknown>(`/api/partner/vehicles/${id}`, { method: 'DELETE' });

export type DriverPatch = { action: StatusAction } | { online: boolean } | { vehicleId: number | null };
export const createDriver = (input: unknown) => fetchData<unknown>('/api/partner/drivers', { body: input });
export const patchDriver = (id: number, body: DriverPatch) => fetchData<DriverView>(`/api/partner/drivers/${id}`, { method: 'PATCH', body });
export const deleteDriver = (id: number) => fetchData<unknown>(`/api/partner/drivers/${id}`, { method: 'DELETE' });

export type AgencyPatch = { action: StatusAction } | { online: boolean };
export const createAgency = (input: unknown) => fetchData<unknown>('/api/partner/agencies', { body: input });
export const patchAgency = (id: number, body: AgencyPatch) => fetchData<AgencyView>(`/api/partner/agencies/${id}`, { method: 'PATCH', body });
export const deleteAgency = (id: number) => fetchData<unknown>(`/api/partner/agencies/${id}`, { method: 'DELETE' });
