import { consoleRoute } from '@/components/partner/console-sections';
import { BlogPostsScreen } from '@/components/blog/blog-posts-screen';

const route = consoleRoute('travel', 'posts', BlogPostsScreen);
export const generateMetadata = route.generateMetadata;
export default route.Page;
