import { loginRoute } from '@/components/auth/routes';

const route = loginRoute('travel');
export const generateMetadata = route.generateMetadata;
export default route.Page;
