import { consoleHomeRoute } from '@/components/auth/routes';

const route = consoleHomeRoute('delivery');
export const generateMetadata = route.generateMetadata;
export default route.Page;
