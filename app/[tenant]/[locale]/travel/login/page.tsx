import { loginRoute } from '@/components/auth/login-route';

const route = loginRoute('travel');
export const generateMetadata = route.generateMetadata;
export default route.Page;
