import { signupRoute } from '@/components/auth/routes';

const route = signupRoute('travel');
export const generateMetadata = route.generateMetadata;
export default route.Page;
