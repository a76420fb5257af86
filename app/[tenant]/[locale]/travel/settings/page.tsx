import { consoleRoute } from '@/components/partner/console-sections';
import { SettingsScreen } from '@/components/partner/settings/settings-screen';

const route = consoleRoute('travel', 'settings', SettingsScreen);
export const generateMetadata = route.generateMetadata;
export default route.Page;
