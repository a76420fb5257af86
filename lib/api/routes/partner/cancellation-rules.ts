import { endpoint } from '@/lib/api/endpoint';
import { TRIP_KINDS } from '@/lib/db/schema';
import { PARTNER_ROLES } from '@/lib/partner/schemas';
import { cancellationRules, saveCancellationRules, type CancellationRules } from '@/lib/money/cancellation-rules';
import { cancellationRulesInputSchema, type CancellationRulesInput } from '@/lib/money/cancellation-schema';
import { toMajor, toMinor } from '@/lib/money/minor';

/** Stored (minor units, basis points) to the form's (major units, percent): both are hundredths. */
const view = (rules: CancellationRules): CancellationRulesInput =>
  Object.fromEntries(TRIP_KINDS.map((kind) => [kind, { ...rules[kind], feeValue: toMajor(rules[kind].feeValue) }])) as CancellationRulesInput;

/** The operator's cancellation rule per trip kind: free until some minutes before pickup, then a fixed or percentage fee. */
export const GET = endpoint({ auth: PARTNER_ROLES }, async ({ db, tenant }) => {
  return { success: true, data: view(await cancellationRules(db, tenant.id)) };
});

/** Replaces the rules; rides booked before keep the rule they were booked with. */
export const PUT = endpoint({ auth: PARTNER_ROLES, body: cancellationRulesInputSchema }, async ({ db, tenant, body }) => {
  const rules = Object.fromEntries(TRIP_KINDS.map((kind) => [kind, { ...body[kind], feeValue: toMinor(body[kind].feeValue) }])) as CancellationRules;
  return { success: true, data: view(await saveCancellationRules(db, tenant.id, rules)) };
});
