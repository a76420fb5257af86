import { signupRoute } from '@/components/auth/routes';

const route = signupRoute('campaign-driver');
export const generateMetadata = route.generateMetadata;
export default route.Page;
