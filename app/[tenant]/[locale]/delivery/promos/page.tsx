import { consoleRoute } from '@/components/partner/console-sections';
import { PromosScreen } from '@/components/partner/promos/promos-screen';

const route = consoleRoute('delivery', 'promos', PromosScreen);
export const generateMetadata = route.generateMetadata;
export default route.Page;
