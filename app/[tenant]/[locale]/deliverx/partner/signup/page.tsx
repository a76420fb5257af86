import { signupRoute } from '@/components/auth/routes';

const route = signupRoute('delivery');
export const generateMetadata = route.generateMetadata;
export default route.Page;
