import { endpoint } from '@/lib/api/endpoint';
import { partnerBoard } from '@/lib/rides/board';
import { partnerRidesQuerySchema } from '@/lib/rides/partner-schemas';
import { refundsOfRideNumbers } from '@/lib/money/refunds';

/** The board: rides by pickup date range in the operator's zone (Today by default), in pickup order or by number, customer, status or fare (`sort`), a cursor page, and the count per status for the range. */
export const GET = endpoint({ auth: ['travelsx-partner', 'deliverx-partner'], query: partnerRidesQuerySchema }, async ({ db, tenant, query }) => {
  const board = await partnerBoard(db, tenant, query);
  // each card shows its refunds (cancelled and completed rides only have any)
  const refunds = await refundsOfRideNumbers(
    db,
    tenant.id,
    board.rides.filter((r) => r.status === 'cancelled' || r.status === 'completed').map((r) => r.id),
  );
  return { success: true, data: { ...board, rides: board.rides.map((ride) => Object.assign(ride, { refunds: refunds.get(ride.id) ?? [] })) } };
});
