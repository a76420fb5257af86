import { consoleRoute } from '@/components/partner/console-sections';
import { RatesScreen } from '@/components/partner/rates/rates-screen';

const route = consoleRoute('delivery', 'rates', RatesScreen);
export const generateMetadata = route.generateMetadata;
export default route.Page;
