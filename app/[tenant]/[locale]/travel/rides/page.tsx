import { consoleRoute } from '@/components/partner/console-sections';
import { RidesScreen } from '@/components/partner/rides/rides-screen';

const route = consoleRoute('travel', 'rides', RidesScreen);
export const generateMetadata = route.generateMetadata;
export default route.Page;
