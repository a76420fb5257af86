import type { VehicleType } from '@/lib/db/schema/rides';

/** Public paths of the vehicle illustrations in public/vehicles/. */
export const DEFAULT_VEHICLE_IMAGE = '/vehicles/default.svg';

export const TYPE_IMAGES: Partial<Record<string, string>> = {
  hatchback: '/vehicles/hatchback.svg',
  sedan: '/vehicles/sedan.svg',
  suv: '/vehicles/suv.svg',
  electric: '/vehicles/electric.svg',
  luxury: '/vehicles/luxury.svg',
} satisfies Record<VehicleType, string>;

/** Model name (lower case) to its own picture; empty until model pictures are added. */
export const MODEL_IMAGES: Partial<Record<string, string>> = {};

/** The picture of a vehicle (docs/requirements/partner.md#vehicles): its own upload, else by model, else by type, else the default. */
export function vehicleImage(vehicle: { imageUrl?: string | null; model: string; vehicleType: string }): string {
  return vehicle.imageUrl || MODEL_IMAGES[vehicle.model.trim().toLowerCase()] || TYPE_IMAGES[vehicle.vehicleType] || DEFAULT_VEHICLE_IMAGE;
}
