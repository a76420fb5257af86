import { endpoint } from '@/lib/api/endpoint';
import { driverAvailability, setOwnAvailability } from '@/lib/driver/availability';
import { driverAvailabilitySchema } from '@/lib/driver/schemas';

/** The signed-in driver's online switch and the ride that makes them busy. */
export const GET = endpoint({ auth: ['travelsx-driver'] }, async ({ db, tenant, session }) => ({
  success: true,
  data: await driverAvailability(db, tenant.id, session.userId),
}));

/** {online}: the driver goes online or offline. */
export const PATCH = endpoint({ auth: ['travelsx-driver'], body: driverAvailabilitySchema }, async ({ db, tenant, session, body }) => ({
  success: true,
  data: await setOwnAvailability(db, tenant.id, session.userId, body.online),
}));
