import { z } from 'zod';

/** A driver's papers and a vehicle's papers (lib/fleet/documents). */
export const DRIVER_DOCUMENTS = ['licence'] as const;
export const VEHICLE_DOCUMENTS = ['permit', 'insurance', 'fitness'] as const;
export type DocumentKind = (typeof DRIVER_DOCUMENTS)[number] | (typeof VEHICLE_DOCUMENTS)[number];

export const DOCUMENT_NUMBER_MAX = 40;

const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

const isCalendarDate = (v: string) => {
  const parsed = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(v);
};

/** A document's number (letters, digits, spaces, - / .) and expiry date ("2027-03-31"); either may be empty. */
const documentSchema = z.object({
  number: z.preprocess(
    blankToNull,
    z
      .string({ error: 'documentNumberInvalid' })
      .trim()
      .max(DOCUMENT_NUMBER_MAX, 'documentNumberInvalid')
      .regex(/^[\p{L}\p{N}][\p{L}\p{N} ./-]*$/u, 'documentNumberInvalid')
      .nullable(),
  ),
  expiresOn: z.preprocess(
    blankToNull,
    z
      .string({ error: 'documentDateInvalid' })
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'documentDateInvalid')
      .refine(isCalendarDate, 'documentDateInvalid')
      .nullable(),
  ),
});

const someDocument = (v: Record<string, unknown>) => Object.values(v).some((x) => x !== undefined);

export const driverDocumentsSchema = z
  .strictObject({ licence: documentSchema.optional() }, { error: 'fleetChangeInvalid' })
  .refine(someDocument, 'fleetChangeInvalid');
export const vehicleDocumentsSchema = z
  .strictObject(
    { permit: documentSchema.optional(), insurance: documentSchema.optional(), fitness: documentSchema.optional() },
    { error: 'fleetChangeInvalid' },
  )
  .refine(someDocument, 'fleetChangeInvalid');

export type DriverDocumentsInput = z.infer<typeof driverDocumentsSchema>;
export type VehicleDocumentsInput = z.infer<typeof vehicleDocumentsSchema>;
