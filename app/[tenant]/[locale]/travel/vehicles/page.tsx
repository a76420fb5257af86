import { fleetRoute } from '@/components/partner/fleet/fleet-routes';

const route = fleetRoute('travel', 'vehicles');
export const generateMetadata = route.generateMetadata;
export default route.Page;
