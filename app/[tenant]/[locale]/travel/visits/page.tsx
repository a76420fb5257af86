import { consoleRoute } from '@/components/partner/console-sections';
import { VisitsScreen } from '@/components/partner/visits/visits-screen';

const route = consoleRoute('travel', 'visits', VisitsScreen);
export const generateMetadata = route.generateMetadata;
export default route.Page;
