import { endpoint } from '@/lib/api/endpoint';
import { moneyCsv, moneyFileName, moneyReport } from '@/lib/money/reconciliation';
import { moneyRange } from '@/lib/partner/money-range';
import { PARTNER_ROLES } from '@/lib/partner/schemas';
import { csvCell } from '@/lib/rides/board-csv';
import { moneyQuerySchema } from './money';

/** The money report as CSV (rides-export.ts's conventions: formula-safe cells, the range and zone in `x-export-filter`). */
export const GET = endpoint({ auth: PARTNER_ROLES, query: moneyQuerySchema }, async ({ db, tenant, query }) => {
  const report = await moneyReport(db, tenant, moneyRange(query, tenant.timeZone));
  return new Response(moneyCsv(report, csvCell), {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${moneyFileName(report)}"`,
      'x-export-filter': `from=${report.from}; to=${report.to}; time-zone=${report.timeZone}`,
      'cache-control': 'no-store',
    },
  });
});
