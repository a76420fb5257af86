import { consoleRoute } from '@/components/partner/console-sections';
import { EventsScreen } from '@/components/partner/events/events-screen';

const route = consoleRoute('delivery', 'events', EventsScreen);
export const generateMetadata = route.generateMetadata;
export default route.Page;
