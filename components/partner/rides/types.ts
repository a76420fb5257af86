import type { api, ApiDataOf } from '@/lib/api/typed-client';

/** GET /api/partner/rides's data: the list and the count per status tab. */
export type PartnerRides = ApiDataOf<typeof api.partner.rides.$get>;
export type PartnerRide = PartnerRides['rides'][number];
export type ActionKind = 'accept' | 'reassign' | 'decline' | 'start' | 'complete';
