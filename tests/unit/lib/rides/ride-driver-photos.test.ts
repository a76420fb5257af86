import { eq } from 'drizzle-orm';
import { drivers, vehicles } from '@/lib/db/schema';
import { clearTenantCache } from '@/lib/tenancy/resolve';
import { applyRideAction } from '@/lib/rides/partner';
import { riderRides } from '@/lib/rides/queries';
import type { Db } from '@/lib/db/client';
import { closeTestDb, openTestDb } from '../../db';
import { bookAt, makeOperator, placeDriver } from '../dispatch/fleet';

/*
 * My rides shows the assigned driver as the track page does: the driver's
 * photo and the car's photo (the operator's uploads), with the car and plate.
 */

let db: Db;

beforeAll(async () => {
  db = await openTestDb();
  clearTenantCache();
}, 60_000);
afterAll(closeTestDb);

it("gives the rider the driver's photo and the car's photo once a driver is assigned", async () => {
  const op = await makeOperator(db, 'ride-photos');
  const ravi = await placeDriver(db, op, 'Ravi', 2);
  await db.update(drivers).set({ photoUrl: '/media/ride-photos/fleet/ravi.webp' }).where(eq(drivers.id, ravi.id));
  await db.update(vehicles).set({ imageUrl: '/media/ride-photos/fleet/car.webp' }).where(eq(vehicles.id, ravi.vehicleId));
  const ride = await bookAt(db, op, 30);
  expect((await riderRides(db, op.id, op.riderId)).upcoming[0].driver).toBeNull();

  await applyRideAction(db, op.id, op.partnerId, ride.id, { action: 'accept', driverId: ravi.id, vehicleId: ravi.vehicleId });
  const [mine] = (await riderRides(db, op.id, op.riderId)).upcoming;
  expect(mine.driver).toMatchObject({
    name: 'Ravi',
    photoUrl: '/media/ride-photos/fleet/ravi.webp',
    vehicle: { model: 'Honda City', number: expect.stringMatching(/^TN/), photoUrl: '/media/ride-photos/fleet/car.webp' },
  });
});
