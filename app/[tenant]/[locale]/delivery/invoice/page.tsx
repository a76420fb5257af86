import { consoleRoute } from '@/components/partner/console-sections';
import { InvoiceDetailsScreen } from '@/components/trust/invoice-details-screen';

const route = consoleRoute('delivery', 'invoice', InvoiceDetailsScreen);
export const generateMetadata = route.generateMetadata;
export default route.Page;
