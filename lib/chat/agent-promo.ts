import { line } from './reply';
import type { AgentState, QuoteOption } from './state';
import { promoTool } from './tools';
import type { AgentContext } from './agent-turn';

/**
 * The rider's promo code on the chosen vehicle's fare, checked as the
 * summary checks it: its discount as its own line and the total after it, or
 * the summary's refusal (the code is then forgotten);
 * docs/requirements/rider.md#booking-by-chat.
 */
export async function promoLines(state: AgentState, option: QuoteOption, ctx: AgentContext) {
  const memo = state.quote!;
  const { total } = option;
  if (!state.promo) return { state, lines: [], discount: 0 };
  const checked = await promoTool(ctx, { quoteId: memo.id, vehicleType: option.vehicleType, nonAc: option.nonAc, code: state.promo });
  if (checked.ok) {
    const money = (minor: number) => ({ money: minor, currency: memo.currency });
    return {
      state: { ...state, promo: checked.code },
      lines: [line('promoLine', { code: checked.code, discount: money(checked.discount) }), line('promoTotal', { total: money(total - checked.discount) })],
      discount: checked.discount,
    };
  }
  // an expired quote is searched again at booking, which checks the code once more
  if ('problem' in checked) return { state, lines: [], discount: 0 };
  return { state: { ...state, promo: undefined }, lines: [line('promoRefused', { code: state.promo, reason: { validation: checked.key } })], discount: 0 };
}
