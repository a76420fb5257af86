import { consoleRoute } from '@/components/partner/console-sections';
import { FleetMapScreen } from '@/components/partner/fleet-map/fleet-map-screen';

const route = consoleRoute('travel', 'map', FleetMapScreen);
export const generateMetadata = route.generateMetadata;
export default route.Page;
