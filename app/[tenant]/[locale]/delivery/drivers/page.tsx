import { consoleRoute } from '@/components/partner/console-sections';
import { DriversScreen } from '@/components/partner/fleet/drivers-screen';

const route = consoleRoute('delivery', 'drivers', DriversScreen);
export const generateMetadata = route.generateMetadata;
export default route.Page;
