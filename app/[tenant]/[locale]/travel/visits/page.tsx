import { consoleRoute } from '@/components/partner/console-sections';

const route = consoleRoute('travel', 'visits');
export const generateMetadata = route.generateMetadata;
export default route.Page;
