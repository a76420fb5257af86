import { eq } from 'drizzle-orm';
import { rides } from '@/lib/db/schema';
import { clearTenantCache } from '@/lib/tenancy/resolve';
import { applyRideAction } from '@/lib/rides/partner';
import { dispatchOptions } from '@/lib/rides/availability';
import { conflictingRides } from '@/lib/dispatch/windows';
import { driverAvailability } from '@/lib/driver/availability';
import type { Db } from '@/lib/db/client';
import { closeTestDb, openTestDb } from '../../db';
import { bookAt, makeOperator, placeDriver, type Operator, type TestDriver } from './fleet';

/*
 * Issue 37 major 1: a ride holds its driver and vehicle from pickup to its
 * expected end plus the buffer, not from acceptance; a ride for tomorrow
 * morning leaves the driver free tonight.
 */

let db: Db;
let op: Operator;
let ravi: TestDriver;

beforeAll(async () => {
  db = await openTestDb();
  clearTenantCache();
  op = await makeOperator(db, 'windows', { bufferMinutes: 30 });
  ravi = await placeDriver(db, op, 'Ravi', 2);
}, 60_000);
afterAll(closeTestDb);

const accept = (rideId: number, driver = ravi) =>
  applyRideAction(db, op.id, op.partnerId, rideId, { action: 'accept', driverId: driver.id, vehicleId: driver.vehicleId });

describe('availability by time windows', () => {
  it('keeps a driver with a ride two days ahead free for a ride tonight, and busy for one that overlaps it', async () => {
    const later = await bookAt(db, op, 50);
    await accept(later.id);
    const tonight = await bookAt(db, op, 26);
    const options = await dispatchOptions(db, op.id, tonight.id);
    expect(options.drivers.find((d) => d.id === ravi.id)).toMatchObject({ availability: 'available', openRideId: null });
    expect(options.vehicles.find((v) => v.id === ravi.vehicleId)).toMatchObject({ availability: 'available' });
    await accept(tonight.id);

    // 2 hours after the later pickup: the 4.5-hour road trip is still on
    const overlapping = await bookAt(db, op, 52);
    const blocked = await dispatchOptions(db, op.id, overlapping.id);
    expect(blocked.drivers.find((d) => d.id === ravi.id)).toMatchObject({ availability: 'busy', openRideId: later.number });
    await expect(accept(overlapping.id)).rejects.toMatchObject({ code: 'driver_busy', values: { ride: later.number } });
  });

  it('adds the buffer after the expected end', async () => {
    const first = await bookAt(db, op, 80);
    await accept(first.id);
    const [{ durationS }] = await db.select({ durationS: rides.durationS }).from(rides).where(eq(rides.id, first.id));
    const endHours = 80 + durationS / 3600;
    // within the 30 minute buffer: busy; after it: free
    const inBuffer = await bookAt(db, op, endHours + 0.25);
    const afterBuffer = await bookAt(db, op, endHours + 0.75);
    expect((await dispatchOptions(db, op.id, inBuffer.id)).drivers.find((d) => d.id === ravi.id)?.availability).toBe('busy');
    expect((await dispatchOptions(db, op.id, afterBuffer.id)).drivers.find((d) => d.id === ravi.id)?.availability).toBe('available');
  });

  it('shows the driver free now while their accepted rides are days ahead, and busy once one is on trip', async () => {
    expect(await driverAvailability(db, op.id, ravi.userId)).toMatchObject({ online: true, busyRideId: null });
    const conflicts = await conflictingRides(db, op.id, 'driverId', [ravi.id], 'now', 30);
    expect(conflicts.size).toBe(0);
    const soon = await bookAt(db, op, 120);
    await accept(soon.id);
    await db.update(rides).set({ status: 'ontrip', startedAt: new Date() }).where(eq(rides.id, soon.id));
    expect(await driverAvailability(db, op.id, ravi.userId)).toMatchObject({ busyRideId: soon.number });
  });
});
