import { consoleRoute } from '@/components/partner/console-sections';
import { IntegrationsScreen } from '@/components/partner/hosting/integrations-screen';

const route = consoleRoute('delivery', 'integrations', IntegrationsScreen);
export const generateMetadata = route.generateMetadata;
export default route.Page;
