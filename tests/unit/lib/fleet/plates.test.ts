import { normalisePlate, PLATE_PATTERN } from '@/lib/fleet/plates';
import { addVehicleSchema } from '@/lib/fleet/schemas';
import { validationText } from '@/lib/errors/validation-text';

/** Plates as operators type them (issue 14 item 6), and the form each becomes (docs/requirements/partner.md#vehicles). */
const WRITINGS: [string, string][] = [
  ['tn-38 ab-1234', 'TN38 AB1234'],
  ['TN38AB1234', 'TN38 AB1234'],
  ['tn.38.ab.1234', 'TN38 AB1234'],
  ['TN 38 AB 1234', 'TN38 AB1234'],
  ['  tn38   ab1234  ', 'TN38 AB1234'],
  ['tn38 ab1234', 'TN38 AB1234'],
  ['TN-38-AB-1234', 'TN38 AB1234'],
  ['tn 38ab1234', 'TN38 AB1234'],
  ['tn38-ab 1234', 'TN38 AB1234'],
  ['TN38\tAB1234', 'TN38 AB1234'],
  ['tn_38_ab_1234', 'TN38 AB1234'],
  ['tn/38/ab/1234', 'TN38 AB1234'],
  ['ka 01 a 1234', 'KA01 A1234'],
  ['KA01A1234', 'KA01 A1234'],
  ['ka05mn4321', 'KA05 MN4321'],
  ['mh12de1433', 'MH12 DE1433'],
  ['MH 12 DE 1433', 'MH12 DE1433'],
  ['dl 1c aa 1111', 'DL1C AA1111'],
  ['DL1CAA1111', 'DL1C AA1111'],
  ['up32 gh 0007', 'UP32 GH0007'],
  ['22 BH 1234 AA', '22BH 1234AA'],
  ['22bh1234aa', '22BH 1234AA'],
  ['TN09 AB4521', 'TN09 AB4521'],
  ['X001 AB1234', 'X001 AB1234'],
  ['mdu 1234', 'MDU 1234'],
  ['TN 7 C 123', 'TN7C 123'],
];

/** What cannot be a plate: refused with the spec's message. */
const NOT_PLATES: [string, 'vehicleNumberRequired' | 'vehicleNumberInvalid' | 'vehicleNumberTooLong'][] = [
  ['', 'vehicleNumberRequired'],
  [' - . ', 'vehicleNumberRequired'],
  ['T 1234', 'vehicleNumberInvalid'],
  ['ABCDEFG', 'vehicleNumberInvalid'],
  ['<b>TN38</b>', 'vehicleNumberInvalid'],
  ['TN38 AB1234"', 'vehicleNumberInvalid'],
  ['TN38 AB 123456789', 'vehicleNumberTooLong'],
  ['TN3 8AB 12345', 'vehicleNumberInvalid'],
];

describe('plate normalisation', () => {
  it(`has at least 20 writings in the table (${WRITINGS.length})`, () => {
    expect(WRITINGS.length).toBeGreaterThanOrEqual(20);
  });

  it.each(WRITINGS)('reads %j as %j, in the spec pattern', (typed, plate) => {
    expect(normalisePlate(typed)).toEqual({ ok: true, plate });
    expect(plate).toMatch(PLATE_PATTERN);
    expect(addVehicleSchema.parse({ vehicleType: 'sedan', model: 'Honda City', number: typed }).number).toBe(plate);
  });

  it.each(NOT_PLATES)('refuses %j with %s', (typed, key) => {
    const result = addVehicleSchema.safeParse({ vehicleType: 'sedan', model: 'Honda City', number: typed });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].message).toBe(key);
    expect(validationText(key)).not.toBe(key);
  });
});
