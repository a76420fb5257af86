'use client';

import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { AgencyView } from '@/lib/fleet/agencies';
import { countersOf } from '@/lib/fleet/counters';
import type { DriverView } from '@/lib/fleet/drivers';
import type { VehicleView } from '@/lib/fleet/vehicles';
import { queryKeys } from '@/lib/query-keys';
import {
  createAgency,
  createDriver,
  createVehicle,
  deleteAgency,
  deleteDriver,
  deleteVehicle,
  fetchAgencies,
  fetchDrivers,
  fetchVehicles,
  patchAgency,
  patchDriver,
  patchVehicle,
  fetchExpiringDocuments,
  removeDriverPhoto,
  removeVehiclePhoto,
  saveDriverDocuments,
  saveVehicleDocuments,
  uploadDriverPhoto,
  uploadVehiclePhoto,
  type DriverDocumentsBody,
  type VehicleDocumentsBody,
  type AgenciesData,
  type AgencyPatch,
  type DriverPatch,
  type DriversData,
  type VehicleInput,
  type VehiclesData,
} from './api';

const keys = queryKeys.partner.fleet;

export const useVehicles = () => useQuery({ queryKey: keys.vehicles(), queryFn: fetchVehicles });
export const useDrivers = () => useQuery({ queryKey: keys.drivers(), queryFn: fetchDrivers });
export const useAgencies = () => useQuery({ queryKey: keys.agencies(), queryFn: fetchAgencies });

type Item = { id: number; online: boolean };

/** The list with `next` in place of item `id` (appended when new), or without it when `next` is null; counters follow. */
function withItem<T extends Item>(items: T[], id: number, next: T | null): T[] {
  if (!next) return items.filter((item) => item.id !== id);
  return items.some((item) => item.id === id) ? items.map((item) => (item.id === id ? next : item)) : [...items, next];
}

export function putVehicle(client: QueryClient, id: number, next: VehicleView | null): void {
  client.setQueryData<VehiclesData>(keys.vehicles(), (data) => {
    if (!data) return data;
    const vehicles = withItem(data.vehicles, id, next);
    return { vehicles, counters: countersOf(vehicles) };
  });
}

export function putDriver(client: QueryClient, id: number, next: DriverView | null): void {
  client.setQueryData<DriversData>(keys.drivers(), (data) => {
    if (!data) return data;
    const drivers = withItem(data.drivers, id, next);
    return { drivers, counters: countersOf(drivers) };
  });
}

export function putAgency(client: QueryClient, id: number, next: AgencyView | null): void {
  client.setQueryData<AgenciesData>(keys.agencies(), (data) => {
    if (!data) return data;
    const agencies = withItem(data.agencies, id, next);
    return { agencies, counters: countersOf(agencies) };
  });
}

/** Add (no `id`) or edit a vehicle; drivers show their vehicle, so their list is read again. */
export function useSaveVehicle() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: VehicleInput }) => (id ? patchVehicle(id, input) : createVehicle(input)),
    onSuccess: (vehicle) => {
      putVehicle(client, vehicle.id, vehicle);
      void client.invalidateQueries({ queryKey: keys.drivers() });
    },
  });
}

export function useSetVehicleOnline() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, online }: { id: number; online: boolean }) => patchVehicle(id, { online }),
    onSuccess: (vehicle) => putVehicle(client, vehicle.id, vehicle),
  });
}

export function useRemoveVehicle() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteVehicle(id),
    onSuccess: (_answer, id) => {
      putVehicle(client, id, null);
      void client.invalidateQueries({ queryKey: keys.drivers() });
    },
  });
}

/** Status action, online switch or vehicle of a driver; a company's driver count may change, so agencies are read again. */
export function usePatchDriver() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: DriverPatch }) => patchDriver(id, body),
    onSuccess: (driver, { body }) => {
      putDriver(client, driver.id, driver);
      if (!('vehicleId' in body)) void client.invalidateQueries({ queryKey: keys.agencies() });
    },
  });
}

export function useRemoveDriver() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteDriver(id),
    onSuccess: (_answer, id) => {
      putDriver(client, id, null);
      void client.invalidateQueries({ queryKey: keys.agencies() });
    },
  });
}

export function useAddDriver() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createDriver,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: keys.drivers() });
      void client.invalidateQueries({ queryKey: keys.agencies() });
    },
  });
}

/** Status action or online switch of a travel company; its drivers show it, so drivers are read again. */
export function usePatchAgency() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: AgencyPatch }) => patchAgency(id, body),
    onSuccess: (agency) => {
      putAgency(client, agency.id, agency);
      void client.invalidateQueries({ queryKey: keys.drivers() });
    },
  });
}

export function useRemoveAgency() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteAgency(id),
    onSuccess: (_answer, id) => {
      putAgency(client, id, null);
      void client.invalidateQueries({ queryKey: keys.drivers() });
    },
  });
}

export function useAddAgency() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createAgency,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: keys.agencies() });
      void client.invalidateQueries({ queryKey: keys.drivers() });
    },
  });
}

/** Papers that expired or expire in the next 30 days. */
export const useExpiringDocuments = () => useQuery({ queryKey: keys.documents(), queryFn: fetchExpiringDocuments });

/** A driver's photo: upload a file, or remove it (null). */
export function useDriverPhoto() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, file }: { id: number; file: File | null }) => (file ? uploadDriverPhoto(id, file) : removeDriverPhoto(id)),
    onSuccess: (driver) => putDriver(client, driver.id, driver),
  });
}

/** A vehicle's own photo: upload a file, or remove it (null). */
export function useVehiclePhoto() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, file }: { id: number; file: File | null }) => (file ? uploadVehiclePhoto(id, file) : removeVehiclePhoto(id)),
    onSuccess: (vehicle) => putVehicle(client, vehicle.id, vehicle),
  });
}

/** A driver's licence; the expiry list is read again. */
export function useSaveDriverDocuments() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: DriverDocumentsBody }) => saveDriverDocuments(id, body),
    onSuccess: (driver) => {
      putDriver(client, driver.id, driver);
      void client.invalidateQueries({ queryKey: keys.documents() });
    },
  });
}

/** A vehicle's permit, insurance and fitness certificate; the expiry list is read again. */
export function useSaveVehicleDocuments() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: VehicleDocumentsBody }) => saveVehicleDocuments(id, body),
    onSuccess: (vehicle) => {
      putVehicle(client, vehicle.id, vehicle);
      void client.invalidateQueries({ queryKey: keys.documents() });
    },
  });
}
