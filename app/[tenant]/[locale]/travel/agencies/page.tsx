import { consoleRoute } from '@/components/partner/console-sections';
import { AgenciesScreen } from '@/components/partner/fleet/agencies-screen';

const route = consoleRoute('travel', 'agencies', AgenciesScreen);
export const generateMetadata = route.generateMetadata;
export default route.Page;
