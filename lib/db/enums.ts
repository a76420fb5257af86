/*
 * The value lists of the schema's enum columns, without drizzle: client
 * components import them from here (or from lib/booking/vocabulary), since
 * importing lib/db/schema would ship drizzle's table builders (~16 kB
 * gzipped) to the browser. The schema files re-export them.
 */
export * from '@/lib/booking/vocabulary';

export const USER_ROLES = ['travelsx-user', 'travelsx-partner', 'travelsx-driver', 'deliverx-partner'] as const;
export type UserRole = (typeof USER_ROLES)[number];
