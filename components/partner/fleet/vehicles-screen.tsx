'use client';

import { useEffect, useState } from 'react';
import type { VehicleView } from '@/lib/fleet/vehicles';
import { useFleetStore } from './fleet-store';
import { ExpiringDocuments } from './expiring-documents';
import { FleetScreen } from './fleet-screen';
import { useVehicles } from './queries';
import { VehicleCard } from './vehicle-card';
import { VehicleSheet } from './vehicle-sheet';

/** The Vehicles section: counters, Add Vehicle, the vehicle cards or the empty state; it hosts the Add Vehicle sheet. */
export function VehiclesScreen() {
  const adding = useFleetStore((s) => s.addVehicleOpen);
  const openAddVehicle = useFleetStore((s) => s.openAddVehicle);
  const closeAddVehicle = useFleetStore((s) => s.closeAddVehicle);
  const mountVehicleScreen = useFleetStore((s) => s.mountVehicleScreen);
  const [editing, setEditing] = useState<VehicleView | null>(null);

  useEffect(() => mountVehicleScreen(), [mountVehicleScreen]);

  return (
    <FleetScreen
      namespace="FleetVehicles"
      list={useVehicles()}
      items={(data) => data.vehicles}
      renderItem={(vehicle) => <VehicleCard key={vehicle.id} vehicle={vehicle} onEdit={() => setEditing(vehicle)} />}
      notice={<ExpiringDocuments holder="vehicle" />}
      onAdd={openAddVehicle}
    >
      {adding ? <VehicleSheet onClose={closeAddVehicle} /> : null}
      {editing ? <VehicleSheet key={editing.id} vehicle={editing} onClose={() => setEditing(null)} /> : null}
    </FleetScreen>
  );
}
