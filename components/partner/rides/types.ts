import type { PartnerRide } from '@/lib/rides/partner';

export type { PartnerRide };
export type RidesAnswer = { data: { rides: PartnerRide[]; counts: Record<'all' | PartnerRide['status'], number> } };
export type Assignable = { data: { drivers: { id: number; name: string; vehicleId: number | null }[]; vehicles: { id: number; model: string; number: string; vehicleType: string }[] } };
export type ActionKind = 'accept' | 'decline' | 'start' | 'complete';
