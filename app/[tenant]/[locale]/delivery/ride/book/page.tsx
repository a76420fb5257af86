import { consoleRoute } from '@/components/partner/console-sections';
import { BookForCustomer } from '@/components/partner/rides/book-for-customer';

const route = consoleRoute('delivery', 'book', BookForCustomer);
export const generateMetadata = route.generateMetadata;
export default route.Page;
