import { verifyPhoneRoute } from '@/components/auth/verify-phone-route';

const route = verifyPhoneRoute;
export const generateMetadata = route.generateMetadata;
export default route.Page;
