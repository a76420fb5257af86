import { loginRoute } from '@/components/auth/login-route';

const route = loginRoute('delivery');
export const generateMetadata = route.generateMetadata;
export default route.Page;
