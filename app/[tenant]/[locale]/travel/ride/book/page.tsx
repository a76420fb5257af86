import { consoleRoute } from '@/components/partner/console-sections';

const route = consoleRoute('travel', 'book');
export const generateMetadata = route.generateMetadata;
export default route.Page;
