import { consoleRoute } from '@/components/partner/console-sections';
import { MoneyScreen } from '@/components/partner/money/money-screen';

const route = consoleRoute('delivery', 'money', MoneyScreen);
export const generateMetadata = route.generateMetadata;
export default route.Page;
