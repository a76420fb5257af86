import { verifyPhoneRoute } from '@/components/auth/routes';

const route = verifyPhoneRoute;
export const generateMetadata = route.generateMetadata;
export default route.Page;
