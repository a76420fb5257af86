import { consoleRoute } from '@/components/partner/console-sections';
import { DomainScreen } from '@/components/partner/hosting/domain-screen';

const route = consoleRoute('delivery', 'domain', DomainScreen);
export const generateMetadata = route.generateMetadata;
export default route.Page;
