import { ClientMessages } from '@/components/ui/client-messages';
import type { ConsoleArea } from '../sections';
import { AutoAddVehicle } from './auto-add-vehicle';

/** Mounted in the console shell: opens the Add Vehicle sheet by itself while the business has no vehicle (docs/requirements/partner.md#the-console-shell). */
export function AddVehicleWhenEmpty({ area }: { area: ConsoleArea }) {
  return (
    <ClientMessages namespaces={['FleetVehicles', 'VehicleTypes', 'Validation', 'AuthErrors']}>
      <AutoAddVehicle area={area} />
    </ClientMessages>
  );
}
