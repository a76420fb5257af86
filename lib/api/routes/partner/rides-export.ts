import { endpoint } from '@/lib/api/endpoint';
import { boardRidesForExport, exportFileName, ridesCsv } from '@/lib/rides/board';
import { ridesExportQuerySchema } from '@/lib/rides/partner-schemas';

/**
 * The rides of a pickup date range as CSV, every page: pickup times in the
 * operator's zone (named in the header), the status filter it applied named in
 * the file name and the `x-export-filter` header.
 */
export const GET = endpoint({ auth: ['travelsx-partner', 'deliverx-partner'], query: ridesExportQuerySchema }, async ({ db, tenant, query }) => {
  const { rides, range } = await boardRidesForExport(db, tenant, query);
  return new Response(ridesCsv(rides, tenant.timeZone), {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${exportFileName(range, query.status)}"`,
      'x-export-filter': `from=${range.from}; to=${range.to}; status=${query.status}; time-zone=${tenant.timeZone}`,
      'cache-control': 'no-store',
    },
  });
});
