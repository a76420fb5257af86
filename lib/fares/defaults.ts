import type { RentalPackage, VehicleType } from '@/lib/db/schema/rides';

export type RateCardValues = {
  baseFare: number;
  perKm: number;
  minKm: number;
  outstationPerKm: number;
  minKmPerDay: number;
  driverBataPerDay: number;
  nightChargeBps: number;
  nightStartHour: number;
  nightEndHour: number;
  airportFee: number;
  tollPerKm: number;
  rentalPackages: RentalPackage[];
  extraKmRate: number;
  extraHourRate: number;
  /** Per started block of waiting past the free time. */
  waitingCharge: number;
};

const RUPEE = 100;

function packages(p4: number, p8: number, p12: number): RentalPackage[] {
  return [
    { code: '4h40km', hours: 4, km: 40, price: p4 * RUPEE },
    { code: '8h80km', hours: 8, km: 80, price: p8 * RUPEE },
    { code: '12h120km', hours: 12, km: 120, price: p12 * RUPEE },
  ];
}

/** Seeded fares in Indian rupees (minor units); a partner edits them in the console. */
const INR_DEFAULTS: Record<VehicleType, RateCardValues> = {
  hatchback: {
    baseFare: 60 * RUPEE,
    perKm: 12 * RUPEE,
    minKm: 4,
    outstationPerKm: 11 * RUPEE,
    minKmPerDay: 250,
    driverBataPerDay: 300 * RUPEE,
    nightChargeBps: 1000,
    nightStartHour: 22,
    nightEndHour: 6,
    airportFee: 100 * RUPEE,
    tollPerKm: 120,
    rentalPackages: packages(1000, 1800, 2600),
    extraKmRate: 12 * RUPEE,
    extraHourRate: 120 * RUPEE,
    waitingCharge: 50 * RUPEE,
  },
  sedan: {
    baseFare: 80 * RUPEE,
    perKm: 14 * RUPEE,
    minKm: 4,
    outstationPerKm: 13 * RUPEE,
    minKmPerDay: 250,
    driverBataPerDay: 350 * RUPEE,
    nightChargeBps: 1000,
    nightStartHour: 22,
    nightEndHour: 6,
    airportFee: 150 * RUPEE,
    tollPerKm: 120,
    rentalPackages: packages(1200, 2200, 3100),
    extraKmRate: 14 * RUPEE,
    extraHourRate: 150 * RUPEE,
    waitingCharge: 60 * RUPEE,
  },
  suv: {
    baseFare: 100 * RUPEE,
    perKm: 18 * RUPEE,
    minKm: 4,
    outstationPerKm: 17 * RUPEE,
    minKmPerDay: 250,
    driverBataPerDay: 400 * RUPEE,
    nightChargeBps: 1000,
    nightStartHour: 22,
    nightEndHour: 6,
    airportFee: 200 * RUPEE,
    tollPerKm: 150,
    rentalPackages: packages(1600, 2900, 4000),
    extraKmRate: 18 * RUPEE,
    extraHourRate: 200 * RUPEE,
    waitingCharge: 80 * RUPEE,
  },
  electric: {
    baseFare: 70 * RUPEE,
    perKm: 13 * RUPEE,
    minKm: 4,
    outstationPerKm: 12 * RUPEE,
    minKmPerDay: 200,
    driverBataPerDay: 300 * RUPEE,
    nightChargeBps: 1000,
    nightStartHour: 22,
    nightEndHour: 6,
    airportFee: 150 * RUPEE,
    tollPerKm: 120,
    rentalPackages: packages(1100, 2000, 2900),
    extraKmRate: 13 * RUPEE,
    extraHourRate: 130 * RUPEE,
    waitingCharge: 60 * RUPEE,
  },
  luxury: {
    baseFare: 250 * RUPEE,
    perKm: 35 * RUPEE,
    minKm: 5,
    outstationPerKm: 32 * RUPEE,
    minKmPerDay: 250,
    driverBataPerDay: 600 * RUPEE,
    nightChargeBps: 1500,
    nightStartHour: 22,
    nightEndHour: 6,
    airportFee: 500 * RUPEE,
    tollPerKm: 150,
    rentalPackages: packages(3500, 6500, 9000),
    extraKmRate: 35 * RUPEE,
    extraHourRate: 400 * RUPEE,
    waitingCharge: 150 * RUPEE,
  },
};

/** Rupees per unit of other currencies, to seed sensible local fares (rounded to whole units). */
const RUPEES_PER_UNIT: Record<string, number> = {
  INR: 1,
  AED: 20,
  QAR: 20,
  SAR: 20,
  USD: 75,
  GBP: 95,
  EUR: 80,
  AUD: 50,
  JPY: 0.5,
  CNY: 10,
  BRL: 15,
  MXN: 4,
  RUB: 1,
  EGP: 2,
  TRY: 2.5,
  IDR: 0.005,
  MYR: 19,
};

function scale(amount: number, factor: number): number {
  return Math.max(100, Math.round(amount / factor / 100) * 100);
}

export function defaultRateCard(vehicleType: VehicleType, currency: string): RateCardValues {
  const inr = INR_DEFAULTS[vehicleType];
  const factor = RUPEES_PER_UNIT[currency] ?? 1;
  if (factor === 1) return structuredClone(inr);
  return {
    ...inr,
    baseFare: scale(inr.baseFare, factor),
    perKm: scale(inr.perKm, factor),
    outstationPerKm: scale(inr.outstationPerKm, factor),
    driverBataPerDay: scale(inr.driverBataPerDay, factor),
    airportFee: scale(inr.airportFee, factor),
    tollPerKm: Math.round(inr.tollPerKm / factor),
    rentalPackages: inr.rentalPackages.map((p) => ({ ...p, price: scale(p.price, factor) })),
    extraKmRate: scale(inr.extraKmRate, factor),
    extraHourRate: scale(inr.extraHourRate, factor),
    waitingCharge: scale(inr.waitingCharge, factor),
  };
}
