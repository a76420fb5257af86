import type { AdjustmentKind, FareLine, FareLineCode } from '@/lib/booking/vocabulary';

export type { FareLine } from '@/lib/booking/vocabulary';

/**
 * The itemised fare, one list for every place that shows it: the quote on the
 * summary, My rides, the console and the invoice. Amounts in minor units;
 * the lines add up to the ride's total.
 */

const ADJUSTMENT_LINE: Record<AdjustmentKind, FareLineCode> = { extra_km: 'extraKm', extra_hours: 'extraHours', waiting: 'waiting', tolls: 'tollsActual' };

/** A fare of a type's non-AC option: its breakdown carries the discount it was priced with (lib/fares/engine.ts nonAcCard). */
export function isNonAc(breakdown: Record<string, number> = {}): boolean {
  return (breakdown.nonAcBps ?? 0) > 0;
}

/** Where an outstation fare bills its minimum (km a day x days) rather than the km driven: both, for the line that says so. */
export function billedMinimum(breakdown: Record<string, number> = {}): { kmPerDay: number; days: number; billedKm: number; tripKm: number } | null {
  const { minKmPerDay, minDays, tripKm } = breakdown;
  if (!minKmPerDay || !minDays || tripKm === undefined || minKmPerDay * minDays <= tripKm) return null;
  return { kmPerDay: minKmPerDay, days: minDays, billedKm: minKmPerDay * minDays, tripKm };
}

type Quoted = { rideAmount: number; driverBata: number; tolls: number };

/** The fare as quoted: the ride amount without its night charge and airport fee (each its own line), driver allowance, tolls. */
export function quotedLines(fare: Quoted, breakdown: Record<string, number> = {}): FareLine[] {
  const night = Math.max(0, Math.min(breakdown.night ?? 0, fare.rideAmount));
  const airport = Math.max(0, Math.min(breakdown.airport ?? 0, fare.rideAmount - night));
  const lines: FareLine[] = [{ code: 'rideAmount', amount: fare.rideAmount - night - airport }];
  if (night) lines.push({ code: 'nightCharge', amount: night });
  if (airport) lines.push({ code: 'airportFee', amount: airport });
  if (fare.driverBata) lines.push({ code: 'driverAllowance', amount: fare.driverBata });
  if (fare.tolls) lines.push({ code: 'tolls', amount: fare.tolls });
  return lines;
}

/**
 * A ride's lines: as quoted, the promo discount (negative), the adjustments
 * recorded at completion, and `extras` for any rest of the total no line names
 * (rides stored before the lines existed).
 */
export function rideLines(
  ride: Quoted & { totalAmount: number; discountAmount: number },
  breakdown: Record<string, number> = {},
  adjustments: readonly { kind: AdjustmentKind; amount: number }[] = [],
): FareLine[] {
  const lines = quotedLines(ride, breakdown);
  if (ride.discountAmount) lines.push({ code: 'discount', amount: -ride.discountAmount });
  for (const adjustment of adjustments) lines.push({ code: ADJUSTMENT_LINE[adjustment.kind], amount: adjustment.amount });
  const rest = ride.totalAmount - lines.reduce((sum, line) => sum + line.amount, 0);
  if (rest) lines.push({ code: 'extras', amount: rest });
  return lines;
}
