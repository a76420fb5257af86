import { driverRoute } from '@/components/driver/driver-route';

/** driver/rides: the driver web app (role travelsx-driver). */
const route = driverRoute('rides');

export const generateMetadata = route.generateMetadata;
export default route.Page;
