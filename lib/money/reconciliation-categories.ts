/**
 * The categories of the money report (docs/architecture/money.md#reconciliation)
 * with a figure from the rides and one from the ledger, in the console's order.
 * Isomorphic: the console's table lists them too.
 */
export const RIDE_CATEGORIES = [
  'fares',
  'discounts',
  'adjustments',
  'cancellationFees',
  'refundsRequested',
  'refundsPaid',
  'refundsOpen',
  'commission',
  'cashback',
] as const;
export type RideCategory = (typeof RIDE_CATEGORIES)[number];
