import { consoleRoute } from '@/components/partner/console-sections';
import { CustomersScreen } from '@/components/partner/customers/customers-screen';

const route = consoleRoute('travel', 'customers', CustomersScreen);
export const generateMetadata = route.generateMetadata;
export default route.Page;
