import { fleetRoute } from '@/components/partner/fleet/fleet-routes';

const route = fleetRoute('delivery', 'drivers');
export const generateMetadata = route.generateMetadata;
export default route.Page;
