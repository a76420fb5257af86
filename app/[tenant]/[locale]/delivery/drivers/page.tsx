import { consoleRoute } from '@/components/partner/console-sections';

const route = consoleRoute('delivery', 'drivers');
export const generateMetadata = route.generateMetadata;
export default route.Page;
