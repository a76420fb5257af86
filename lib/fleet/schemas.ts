import { z } from 'zod';
import { VEHICLE_TYPES } from '@/lib/db/schema/rides';
import type { AccountStatus } from '@/lib/db/schema/fleet';
import { NAME_MAX, phoneSchema } from '@/lib/contact/identifiers';
import { MAX_ID } from '@/lib/db/ids';
import { normalisePlate, PLATE_PATTERN } from './plates';

/*
 * Fleet inputs (docs/requirements/partner.md#vehicles, docs/requirements/partner.md#drivers-and-travel-companies) shared by the console's sheets, the route
 * handlers and the tests. Messages are keys of the `Validation` namespace.
 */

/** Roles allowed on the fleet API: the travel and the delivery console. */
export const CONSOLE_ROLES = ['travelsx-partner', 'deliverx-partner'] as const;

/** Characters, after normalisation. */
export const VEHICLE_NUMBER_MAX = 16;
export const VEHICLE_NUMBER_PATTERN = PLATE_PATTERN;
export const MODEL_MAX = 60;
export const PLACE_MAX = 80;
/** The model select's value for 'Other (Enter manually)'. */
export const OTHER_MODEL = '__other__';

/** Upper case, non-alphanumerics as spaces, runs of spaces collapsed; `trim: false` keeps a trailing space while typing. */
export function normaliseVehicleNumber(raw: string, { trim = true }: { trim?: boolean } = {}): string {
  const spaced = raw
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, ' ')
    .replace(/ {2,}/g, ' ');
  return trim ? spaced.trim() : spaced.trimStart();
}

export const vehicleTypeSchema = z.enum(VEHICLE_TYPES, { error: 'vehicleTypeRequired' });

export const vehicleModelSchema = z.string({ error: 'vehicleModelRequired' }).trim().min(1, 'vehicleModelRequired').max(MODEL_MAX, 'vehicleModelTooLong');

/** What may be typed before normalisation (separators included); the normalised plate is at most VEHICLE_NUMBER_MAX. */
export const VEHICLE_NUMBER_TYPED_MAX = 32;

/** A typed plate in the required form ("tn-38 ab-1234" is "TN38 AB1234"); only what cannot be a plate is refused (lib/fleet/plates). */
export const vehicleNumberSchema = z
  .string({ error: 'vehicleNumberRequired' })
  .max(VEHICLE_NUMBER_TYPED_MAX, 'vehicleNumberTooLong')
  .transform((v, ctx) => {
    if (normaliseVehicleNumber(v).length > VEHICLE_NUMBER_MAX) {
      ctx.addIssue({ code: 'custom', message: 'vehicleNumberTooLong' });
      return z.NEVER;
    }
    const result = normalisePlate(v);
    if (result.ok) return result.plate;
    ctx.addIssue({ code: 'custom', message: result.reason === 'required' ? 'vehicleNumberRequired' : 'vehicleNumberInvalid' });
    return z.NEVER;
  })
  .pipe(z.string().max(VEHICLE_NUMBER_MAX, 'vehicleNumberTooLong').regex(VEHICLE_NUMBER_PATTERN, 'vehicleNumberInvalid'));

export const addVehicleSchema = z.object({ vehicleType: vehicleTypeSchema, model: vehicleModelSchema, number: vehicleNumberSchema });

const onlineSchema = z.boolean({ error: 'onlineInvalid' });
const someChange = (v: Record<string, unknown>) => Object.values(v).some((x) => x !== undefined);
const exactlyOne = (v: Record<string, unknown>) => Object.values(v).filter((x) => x !== undefined).length === 1;

/** Edit or switch online: any of the add fields, and `online`. */
export const updateVehicleSchema = z
  .strictObject(
    {
      vehicleType: vehicleTypeSchema.optional(),
      model: vehicleModelSchema.optional(),
      number: vehicleNumberSchema.optional(),
      online: onlineSchema.optional(),
    },
    { error: 'fleetChangeInvalid' },
  )
  .refine(someChange, 'fleetChangeInvalid');

const optionalPlace = z
  .string()
  .trim()
  .max(PLACE_MAX, 'placeTooLong')
  .transform((v) => v || undefined)
  .optional();

const personName = (required: 'driverNameRequired' | 'travelNameRequired') =>
  z.string({ error: required }).trim().min(1, required).max(NAME_MAX, 'nameTooLong');

const optionalId = z.number({ error: 'idInvalid' }).int('idInvalid').positive('idInvalid').max(MAX_ID, 'idInvalid');

/** Add driver (docs/requirements/partner.md#drivers-and-travel-companies); `agencyId` files the driver under one of the business's travel companies. */
export const addDriverSchema = z.object({
  name: personName('driverNameRequired'),
  lastName: z
    .string()
    .trim()
    .max(NAME_MAX, 'nameTooLong')
    .transform((v) => v || undefined)
    .optional(),
  phone: phoneSchema,
  place: optionalPlace,
  agencyId: optionalId.nullish(),
});

/** Add travel company: the same sheet with its own name message. */
export const addAgencySchema = z.object({ name: personName('travelNameRequired'), phone: phoneSchema, place: optionalPlace });

export const STATUS_ACTIONS = ['verify', 'block', 'unblock'] as const;
export type StatusAction = (typeof STATUS_ACTIONS)[number];
const statusActionSchema = z.enum(STATUS_ACTIONS, { error: 'statusActionInvalid' });

/** Account status moves (docs/requirements/partner.md#drivers-and-travel-companies): Unblock returns to Verified. */
export const STATUS_MOVES: Record<StatusAction, { from: AccountStatus; to: AccountStatus }> = {
  verify: { from: 'pending', to: 'Verified' },
  block: { from: 'Verified', to: 'Blocked' },
  unblock: { from: 'Blocked', to: 'Verified' },
};

/** The one status action a card's menu offers for each status. */
export const ACTION_FOR_STATUS: Record<AccountStatus, StatusAction> = { pending: 'verify', Verified: 'block', Blocked: 'unblock' };

/** One change per call: a status action, the online flag, or the assigned vehicle (null unassigns). */
export const updateDriverSchema = z
  .strictObject(
    { action: statusActionSchema.optional(), online: onlineSchema.optional(), vehicleId: optionalId.nullable().optional() },
    { error: 'fleetChangeInvalid' },
  )
  .refine(exactlyOne, 'fleetChangeInvalid');

export const updateAgencySchema = z
  .strictObject({ action: statusActionSchema.optional(), online: onlineSchema.optional() }, { error: 'fleetChangeInvalid' })
  .refine(exactlyOne, 'fleetChangeInvalid');

export type AddVehicleInput = z.infer<typeof addVehicleSchema>;
export type UpdateVehicleInput = z.infer<typeof updateVehicleSchema>;
export type AddDriverInput = z.infer<typeof addDriverSchema>;
export type AddAgencyInput = z.infer<typeof addAgencySchema>;
