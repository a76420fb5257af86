'use client';

import { useState } from 'react';
import { AddPersonSheet } from './add-person-sheet';
import { AgencySelect } from './agency-select';
import { DriverCard } from './driver-card';
import { ExpiringDocuments } from './expiring-documents';
import { FleetScreen } from './fleet-screen';
import { useAddDriver, useDriverPhoto, useDrivers } from './queries';

/** The Drivers section: counters, Add Driver, the driver cards with their menus, or the empty state. */
export function DriversScreen({ defaultCountry }: { defaultCountry: string }) {
  const add = useAddDriver();
  const photo = useDriverPhoto();
  const [adding, setAdding] = useState(false);
  return (
    <FleetScreen
      namespace="FleetDrivers"
      list={useDrivers()}
      items={(data) => data.drivers}
      renderItem={(driver) => <DriverCard key={driver.id} driver={driver} />}
      notice={<ExpiringDocuments holder="driver" />}
      onAdd={() => setAdding(true)}
    >
      {adding ? (
        <AddPersonSheet
          variant="driver"
          defaultCountry={defaultCountry}
          add={add.mutateAsync}
          addPhoto={(id, file) => photo.mutateAsync({ id, file })}
          onClose={() => setAdding(false)}
          extra={(bind) => <AgencySelect {...bind} />}
        />
      ) : null}
    </FleetScreen>
  );
}
