import { clearTenantCache } from '@/lib/tenancy/resolve';
import { dispatchOptions } from '@/lib/rides/availability';
import type { Db } from '@/lib/db/client';
import { closeTestDb, openTestDb } from '../../db';
import { bookAt, makeOperator, placeDriver, type Operator } from './fleet';

/*
 * Issue 31, assisted dispatch: the Accept dialog's choices put the best
 * driver first (by score: distance, idle time, acceptance), each suggested
 * driver with why; drivers who cannot take the ride with their own car
 * follow, unsuggested. Manual mode suggests nothing.
 */

let db: Db;

beforeAll(async () => {
  db = await openTestDb();
  clearTenantCache();
}, 60_000);
afterAll(closeTestDb);

/** Drivers added farthest first, so the list's own order (oldest first) is not already the best. */
async function fleetOf(op: Operator) {
  const small = await placeDriver(db, op, 'Small Sam', 1, { vehicleType: 'hatchback' });
  const far = await placeDriver(db, op, 'Far Faisal', 9);
  const near = await placeDriver(db, op, 'Near Nila', 2);
  return { small, far, near };
}

describe('assisted dispatch', () => {
  it('suggests the best driver first, with why, then the others', async () => {
    const op = await makeOperator(db, 'assisted', { mode: 'assisted' });
    const { small, far, near } = await fleetOf(op);
    const ride = await bookAt(db, op, 3);
    const options = await dispatchOptions(db, op.id, ride.id);
    expect(options.mode).toBe('assisted');
    expect(options.drivers.map((d) => d.id)).toEqual([near.id, far.id, small.id]);
    const [best, next, other] = options.drivers;
    expect(best.suggestion).toMatchObject({ roadKm: expect.any(Number), idleMinutes: expect.any(Number), acceptance: expect.any(Number) });
    expect(best.suggestion!.roadKm!).toBeLessThan(next.suggestion!.roadKm!);
    expect(best.suggestion!.score).toBeLessThan(next.suggestion!.score);
    // a hatchback cannot take a sedan ride: free, but not suggested
    expect(other).toMatchObject({ availability: 'available', suggestion: null });
  });

  it('suggests nothing in manual mode', async () => {
    const op = await makeOperator(db, 'by-hand', { mode: 'manual' });
    const { small, far, near } = await fleetOf(op);
    const ride = await bookAt(db, op, 3);
    const options = await dispatchOptions(db, op.id, ride.id);
    expect(options.mode).toBe('manual');
    expect(options.drivers.map((d) => d.id)).toEqual([small.id, far.id, near.id]);
    expect(options.drivers.every((d) => d.suggestion === null)).toBe(true);
  });
});
