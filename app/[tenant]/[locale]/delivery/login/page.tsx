import { loginRoute } from '@/components/auth/routes';

const route = loginRoute('delivery');
export const generateMetadata = route.generateMetadata;
export default route.Page;
