import { consoleRoute } from '@/components/partner/console-sections';
import { BlogEditScreen } from '@/components/blog/blog-edit-screen';

const route = consoleRoute('travel', 'posts', BlogEditScreen);
export const generateMetadata = route.generateMetadata;
export default route.Page;
