import { consoleRoute } from '@/components/partner/console-sections';
import { OverviewScreen } from '@/components/partner/overview/overview-screen';

const route = consoleRoute('delivery', 'home', OverviewScreen);
export const generateMetadata = route.generateMetadata;
export default route.Page;
