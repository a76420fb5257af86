import { signupRoute } from '@/components/auth/signup-route';

const route = signupRoute('travel');
export const generateMetadata = route.generateMetadata;
export default route.Page;
