import { consoleRoute } from '@/components/partner/console-sections';
import { CustomersScreen } from '@/components/partner/customers/customers-screen';

const route = consoleRoute('delivery', 'customers', CustomersScreen);
export const generateMetadata = route.generateMetadata;
export default route.Page;
