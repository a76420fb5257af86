import 'server-only';
import type { Db } from '@/lib/db/client';
import type { VehicleType } from '@/lib/db/schema';

/** What an airport page tells riders about the operator's own rules there; null: the operator has not set it. */
export type AirportRulesView = {
  /** The meeting point's text by language code, as the operator wrote it. */
  meetingPoint: Record<string, string> | null;
  freeWaitingMinutes: number | null;
  /** Waiting charge per started block past the free time, per offered vehicle type (minor units). */
  waiting: { blockMinutes: number; charges: { vehicleType: VehicleType; perBlock: number }[] } | null;
};

const NOT_SET: AirportRulesView = { meetingPoint: null, freeWaitingMinutes: null, waiting: null };

/** The operator's meeting point, free waiting and waiting charge at an airport (not set until the operator's airport settings exist). */
export async function airportRulesView(_db: Db, _businessId: number, _code: string): Promise<AirportRulesView> {
  return NOT_SET;
}
