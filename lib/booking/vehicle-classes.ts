import type { VehicleType } from './vocabulary';

/**
 * Vehicle classes by size: a ride is driven in the class it was booked in, or
 * in a larger one only when the operator chooses "upgrade" (recorded on the
 * ride). Sedan and electric are the same size (the electric models offered are
 * sedans and compact SUVs), so neither upgrades to the other.
 */
export const VEHICLE_CLASS_RANK: Record<VehicleType, number> = { hatchback: 0, sedan: 1, electric: 1, suv: 2, luxury: 3 };

export type VehicleFit = 'match' | 'upgrade' | 'smaller';

/** How a vehicle of class `offered` fits a ride booked as `booked`. */
export function vehicleFit(booked: VehicleType, offered: VehicleType): VehicleFit {
  if (booked === offered) return 'match';
  return VEHICLE_CLASS_RANK[offered] > VEHICLE_CLASS_RANK[booked] ? 'upgrade' : 'smaller';
}
