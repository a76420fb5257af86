'use client';

import { useEffect } from 'react';
import { apiCall } from '@/lib/api/client';
import type { FleetCounters } from '@/lib/fleet/counters';
import type { ConsoleArea } from '../sections';
import { fleetStore, useFleetState } from './fleet-store';
import { SnackbarHost } from './snackbar-host';
import { VehicleSheet } from './vehicle-sheet';

/** sessionStorage key: the prompt opens once per console visit (per tab and area), not on every section. */
const PROMPTED = (area: ConsoleArea) => `fleet_add_vehicle_prompted_${area}`;

/** Opens the Add Vehicle sheet when the fleet is empty; the Vehicles screen hosts the sheet itself when it is on the page. */
export function AutoAddVehicle({ area }: { area: ConsoleArea }) {
  const open = useFleetState((s) => s.addVehicleOpen);
  const screenHostsSheet = useFleetState((s) => s.vehicleScreens > 0);

  useEffect(() => {
    if (sessionStorage.getItem(PROMPTED(area))) return;
    let live = true;
    void apiCall<{ data: { counters: FleetCounters } }>('/api/partner/vehicles').then((result) => {
      if (!live || !result.ok || result.data.data.counters.total > 0) return;
      sessionStorage.setItem(PROMPTED(area), '1');
      fleetStore.openAddVehicle();
    });
    return () => {
      live = false;
    };
  }, [area]);

  return (
    <>
      {open && !screenHostsSheet ? <VehicleSheet onClose={() => fleetStore.closeAddVehicle()} /> : null}
      <SnackbarHost />
    </>
  );
}
