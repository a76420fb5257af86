import { cancellationCharge, feeSplit, prepaidOfRide, type CancellationRule } from '@/lib/money/cancellation';
import { cancellationRules } from '@/lib/money/cancellation-rules';
import { TRIP_KINDS, type Ride } from '@/lib/db/schema';
import type { RideView } from '@/lib/rides/queries';
import type { AgentContext, Turn } from './agent-turn';
import { line, type ReplyLine } from './reply';
import type { AgentState } from './state';

/** A rule's fee: a fixed amount, or a percentage of the fare. */
function feeValue(rule: CancellationRule, currency: string): ReplyLine {
  return rule.feeType === 'fixed' ? line('feeFixed', { amount: { money: rule.feeValue, currency } }) : line('feePercent', { percent: rule.feeValue / 100 });
}

/** "Outstation: free until 24 hr before pickup, then 10% of the fare." */
const ruleLine = (kind: (typeof TRIP_KINDS)[number], rule: CancellationRule, currency: string) =>
  line(rule.freeMinutes ? 'policyLine' : 'policyLineAtPickup', {
    kind,
    duration: { duration: rule.freeMinutes * 60 },
    fee: { line: feeValue(rule, currency) },
  });

/** The operator's cancellation rules, asked in chat or WhatsApp: the trip's own when one is being booked, else every trip kind's. */
export async function cancellationPolicy(state: AgentState, ctx: AgentContext): Promise<Turn> {
  const rules = await cancellationRules(ctx.db, ctx.tenant.id);
  const kind = state.slots.tripKind;
  const kinds = state.quote && kind ? [kind] : TRIP_KINDS;
  return {
    state,
    reply: { lines: [line('policyIntro'), ...kinds.map((k) => ruleLine(k, rules[k], ctx.tenant.currency)), line('policyPrepaid')] },
  };
}

/** What cancelling this ride costs now, said before the rider confirms. */
export function cancelCostLine(ride: RideView, now: Date): ReplyLine {
  const charge = cancellationCharge(
    ride.cancellation.rule,
    { fare: ride.totalAmount, pickupTime: ride.pickupTime, hasDriver: ride.driverAssigned },
    'rider',
    now,
  );
  const { fee } = feeSplit(charge, prepaidOfRide(ride));
  if (charge.why === 'free_window') return line('cancelCostFree', { until: { at: ride.cancellation.freeUntil } });
  if (charge.why === 'no_driver') return line('cancelCostNoDriver');
  return fee > 0 ? line('cancelCostFee', { fee: { money: fee, currency: ride.currency } }) : line('cancelCostNothingPrepaid');
}

/** The fee a cancelled ride kept, and what goes back to the card (the refund is on its way). */
export function cancelledFeeLines(ride: Pick<Ride, 'cancellationFee' | 'currency' | 'paid' | 'paymentMethod' | 'totalAmount' | 'walletApplied'>): ReplyLine[] {
  const { card } = prepaidOfRide(ride);
  const back = card - Math.min(ride.cancellationFee, card);
  return [
    ...(ride.cancellationFee > 0 ? [line('cancelledFee', { fee: { money: ride.cancellationFee, currency: ride.currency } })] : []),
    ...(back > 0 ? [line('cancelledRefund', { amount: { money: back, currency: ride.currency } })] : []),
  ];
}
