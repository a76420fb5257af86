import { consoleRoute } from '@/components/partner/console-sections';

const route = consoleRoute('delivery', 'customers');
export const generateMetadata = route.generateMetadata;
export default route.Page;
