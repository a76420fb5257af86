import { consoleRoute } from '@/components/partner/console-sections';

const route = consoleRoute('travel', 'home');
export const generateMetadata = route.generateMetadata;
export default route.Page;
