'use client';

import { useTranslations } from 'next-intl';
import type { VehicleType } from '@/lib/booking/vocabulary';

/** A vehicle's name: "(non-AC)" on a type's non-AC option, "(AC)" on the AC one when both are offered. */
export function useVehicleName() {
  const tTypes = useTranslations('VehicleTypes');
  return (type: VehicleType, ac: boolean, both = false) =>
    !ac ? tTypes('nonAc', { vehicle: tTypes(type) }) : both ? tTypes('ac', { vehicle: tTypes(type) }) : tTypes(type);
}
