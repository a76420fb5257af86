import { driverRoute } from '@/components/driver/driver-route';

/** driver/home: the driver web app (role travelsx-driver). */
const route = driverRoute('home');

export const generateMetadata = route.generateMetadata;
export default route.Page;
