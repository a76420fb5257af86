import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { drivers, type Driver } from '@/lib/db/schema';
import { DomainError } from '@/lib/errors/domain-error';

/** The driver row behind a `travelsx-driver` session on this business; removed or blocked drivers are refused. */
export async function currentDriver(db: Db, businessId: number, userId: number): Promise<Driver> {
  const [driver] = await db
    .select()
    .from(drivers)
    .where(and(eq(drivers.businessId, businessId), eq(drivers.userId, userId), isNull(drivers.removedAt)))
    .limit(1);
  return admitted(driver);
}

/** The driver row found for a session, or the refusal: none on this business, or blocked. */
export function admitted<T extends Pick<Driver, 'accountStatus'>>(driver: T | undefined): T {
  if (!driver) throw new DomainError('forbidden', 'not_a_driver', 'This account is not a driver of this business.');
  if (driver.accountStatus === 'Blocked') throw new DomainError('forbidden', 'driver_blocked', 'This driver is blocked. Contact the operator.');
  return driver;
}
