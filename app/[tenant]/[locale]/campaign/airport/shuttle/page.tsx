import { signupRoute } from '@/components/auth/signup-route';

const route = signupRoute('campaign-shuttle');
export const generateMetadata = route.generateMetadata;
export default route.Page;
