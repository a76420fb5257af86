import { consoleRoute } from '@/components/partner/console-sections';
import { AirportsScreen } from '@/components/partner/airports/airports-screen';

const route = consoleRoute('travel', 'airports', AirportsScreen);
export const generateMetadata = route.generateMetadata;
export default route.Page;
