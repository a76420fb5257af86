import { consoleRoute } from '@/components/partner/console-sections';
import { BlogCreateScreen } from '@/components/blog/blog-create-screen';

const route = consoleRoute('delivery', 'blog', BlogCreateScreen);
export const generateMetadata = route.generateMetadata;
export default route.Page;
