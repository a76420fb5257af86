import { consoleHomeRoute } from '@/components/auth/routes';

const route = consoleHomeRoute('travel');
export const generateMetadata = route.generateMetadata;
export default route.Page;
