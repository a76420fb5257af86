import { consoleRoute } from '@/components/partner/console-sections';

const route = consoleRoute('travel', 'vehicles');
export const generateMetadata = route.generateMetadata;
export default route.Page;
