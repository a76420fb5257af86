import { consoleRoute } from '@/components/partner/console-sections';
import { HelpScreen } from '@/components/partner/help/help-screen';

const route = consoleRoute('travel', 'help', HelpScreen);
export const generateMetadata = route.generateMetadata;
export default route.Page;
