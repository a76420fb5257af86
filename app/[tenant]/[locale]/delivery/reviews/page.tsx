import { consoleRoute } from '@/components/partner/console-sections';
import { ReviewsScreen } from '@/components/trust/reviews-screen';

const route = consoleRoute('delivery', 'reviews', ReviewsScreen);
export const generateMetadata = route.generateMetadata;
export default route.Page;
