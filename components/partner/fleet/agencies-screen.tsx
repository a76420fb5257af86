'use client';

import { useState } from 'react';
import { useRouter } from '@/lib/i18n/navigation';
import type { ConsoleArea } from '../sections';
import { AddPersonSheet } from './add-person-sheet';
import { AgencyCard } from './agency-card';
import { FleetScreen } from './fleet-screen';
import { useAddAgency, useAgencies } from './queries';

/** The Travels section: counters, Add Travel, the travel-company cards, or the empty state; an add goes on to the drivers. */
export function AgenciesScreen({ area, defaultCountry }: { area: ConsoleArea; defaultCountry: string }) {
  const router = useRouter();
  const add = useAddAgency();
  const [adding, setAdding] = useState(false);
  const toDrivers = () => {
    router.push(`/${area}/drivers`);
    router.refresh();
  };
  return (
    <FleetScreen
      namespace="FleetAgencies"
      list={useAgencies()}
      items={(data) => data.agencies}
      renderItem={(agency) => <AgencyCard key={agency.id} area={area} agency={agency} />}
      onAdd={() => setAdding(true)}
    >
      {adding ? (
        <AddPersonSheet variant="travel" defaultCountry={defaultCountry} add={add.mutateAsync} onClose={() => setAdding(false)} onAdded={toDrivers} />
      ) : null}
    </FleetScreen>
  );
}
