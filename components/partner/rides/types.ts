import type { api, ApiDataOf } from '@/lib/api/typed-client';

/** GET /api/partner/rides's data: the list and the count per status tab. */
export type PartnerRides = ApiDataOf<typeof api.partner.rides.$get>;
export type PartnerRide = PartnerRides['rides'][number];
/** Verified drivers and vehicles free to take a ride (the Accept dialog). */
export type Assignable = ApiDataOf<typeof api.partner.rides.assignable.$get>;
export type ActionKind = 'accept' | 'reassign' | 'decline' | 'start' | 'complete';
