import { consoleRoute } from '@/components/partner/console-sections';
import { VehiclesScreen } from '@/components/partner/fleet/vehicles-screen';

const route = consoleRoute('delivery', 'vehicles', VehiclesScreen);
export const generateMetadata = route.generateMetadata;
export default route.Page;
