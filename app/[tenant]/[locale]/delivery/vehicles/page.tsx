import { fleetRoute } from '@/components/partner/fleet/fleet-routes';

const route = fleetRoute('delivery', 'vehicles');
export const generateMetadata = route.generateMetadata;
export default route.Page;
