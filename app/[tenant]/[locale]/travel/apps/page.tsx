import { consoleRoute } from '@/components/partner/console-sections';
import { AppsScreen } from '@/components/partner/apps/apps-screen';

const route = consoleRoute('travel', 'apps', AppsScreen);
export const generateMetadata = route.generateMetadata;
export default route.Page;
