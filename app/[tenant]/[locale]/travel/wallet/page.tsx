import { consoleRoute } from '@/components/partner/console-sections';
import { WalletScreen } from '@/components/partner/wallet/wallet-screen';

const route = consoleRoute('travel', 'wallet', WalletScreen);
export const generateMetadata = route.generateMetadata;
export default route.Page;
