'use client';

import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';
import type { ConsoleArea } from '../sections';
import { fetchVehicles } from './api';
import { useFleetStore } from './fleet-store';
import { SnackbarHost } from './snackbar-host';
import { VehicleSheet } from './vehicle-sheet';

/** sessionStorage key: the prompt opens once per console visit (per tab and area), not on every section. */
const PROMPTED = (area: ConsoleArea) => `fleet_add_vehicle_prompted_${area}`;

/** Opens the Add Vehicle sheet when the fleet is empty; the Vehicles screen hosts the sheet itself when it is on the page. */
export function AutoAddVehicle({ area }: { area: ConsoleArea }) {
  const open = useFleetStore((s) => s.addVehicleOpen);
  const screenHostsSheet = useFleetStore((s) => s.vehicleScreens > 0);
  const openAddVehicle = useFleetStore((s) => s.openAddVehicle);
  const closeAddVehicle = useFleetStore((s) => s.closeAddVehicle);
  const client = useQueryClient();

  useEffect(() => {
    if (sessionStorage.getItem(PROMPTED(area))) return;
    let live = true;
    // The Vehicles list's own cache entry: the Vehicles screen shows it without reading it again.
    void client.fetchQuery({ queryKey: queryKeys.partner.fleet.vehicles(), queryFn: fetchVehicles }).then(
      (data) => {
        if (!live || data.counters.total > 0) return;
        sessionStorage.setItem(PROMPTED(area), '1');
        openAddVehicle();
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [area, client, openAddVehicle]);

  return (
    <>
      {open && !screenHostsSheet ? <VehicleSheet onClose={closeAddVehicle} /> : null}
      <SnackbarHost />
    </>
  );
}
