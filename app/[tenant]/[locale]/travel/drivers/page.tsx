import { fleetRoute } from '@/components/partner/fleet/fleet-routes';

const route = fleetRoute('travel', 'drivers');
export const generateMetadata = route.generateMetadata;
export default route.Page;
