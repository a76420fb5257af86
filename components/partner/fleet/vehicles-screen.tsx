'use client';

import { useState } from 'react';
import type { VehicleView } from '@/lib/fleet/vehicles';
import { ExpiringDocuments } from './expiring-documents';
import { FleetScreen } from './fleet-screen';
import { useVehicles } from './queries';
import { VehicleCard } from './vehicle-card';
import { VehicleSheet } from './vehicle-sheet';

/** The Vehicles section: counters, Add Vehicle, the vehicle cards or the empty state; the Add Vehicle sheet opens only from its buttons. */
export function VehiclesScreen() {
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<VehicleView | null>(null);

  return (
    <FleetScreen
      namespace="FleetVehicles"
      list={useVehicles()}
      items={(data) => data.vehicles}
      renderItem={(vehicle) => <VehicleCard key={vehicle.id} vehicle={vehicle} onEdit={() => setEditing(vehicle)} />}
      notice={<ExpiringDocuments holder="vehicle" />}
      onAdd={() => setAdding(true)}
    >
      {adding ? <VehicleSheet onClose={() => setAdding(false)} /> : null}
      {editing ? <VehicleSheet key={editing.id} vehicle={editing} onClose={() => setEditing(null)} /> : null}
    </FleetScreen>
  );
}
