import { z } from 'zod';
import { endpoint } from '@/lib/api/endpoint';
import { MAX_ID } from '@/lib/db/ids';
import { PARTNER_ROLES } from '@/lib/partner/schemas';
import { fleetSnapshot } from '@/lib/dispatch/fleet-live';
import { findAgency } from '@/lib/fleet/agencies';

/** The travel company tracked: its name and how many drivers it has (verified or not). */
type TrackedAgency = { id: number; name: string; drivers: number };

const liveQuery = z.object({ agencyId: z.coerce.number({ error: 'idInvalid' }).int('idInvalid').positive('idInvalid').max(MAX_ID, 'idInvalid').optional() });

/**
 * The live map: every verified driver's state (on trip, on the way, offered, free, offline) and last position, and open rides' pickups.
 * `agencyId` (the Travels menu's Track, docs/requirements/partner.md#drivers-and-travel-companies) narrows it to that travel
 * company's drivers and names the company; a company of another operator, or removed, is a 404.
 */
export const GET = endpoint({ auth: PARTNER_ROLES, query: liveQuery }, async ({ db, tenant, query }) => {
  let agency: TrackedAgency | null = null;
  if (query.agencyId !== undefined) {
    const found = await findAgency(db, tenant.id, query.agencyId);
    agency = { id: found.id, name: found.name, drivers: found.drivers.length };
  }
  const snapshot = await fleetSnapshot(db, tenant.id, new Date(), { agencyId: agency?.id });
  return { success: true, data: { ...snapshot, agency } };
});
