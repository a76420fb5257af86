import { consoleRoute } from '@/components/partner/console-sections';

const route = consoleRoute('delivery', 'rates');
export const generateMetadata = route.generateMetadata;
export default route.Page;
