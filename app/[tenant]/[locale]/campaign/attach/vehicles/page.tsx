import { signupRoute } from '@/components/auth/routes';

const route = signupRoute('campaign-vehicles');
export const generateMetadata = route.generateMetadata;
export default route.Page;
