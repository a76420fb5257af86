/** One-time codes: length and limits (docs/architecture/accounts.md#one-time-codes). */
export const OTP = {
  LENGTH: 4,
  TTL_MS: 10 * 60 * 1000,
  MAX_ATTEMPTS: 5,
  RESEND_AFTER_MS: 30 * 1000,
  MAX_PER_IDENTIFIER_PER_HOUR: 5,
  MAX_PER_IP_PER_HOUR: 30,
} as const;

export const HOUR_MS = 60 * 60 * 1000;

/** Which channel carries a role's code: riders and drivers by phone, partners by e-mail. */
export const CODE_CHANNEL = {
  'travelsx-user': 'sms',
  'travelsx-driver': 'sms',
  'travelsx-partner': 'email',
  'deliverx-partner': 'email',
} as const;

/** Feature labels of the signup/verify payload (docs/architecture/accounts.md#roles). */
export const FEATURES = ['login', 'signup', 'booking-signup'] as const;
export type Feature = (typeof FEATURES)[number];

/** The console's roles: operators sign in by e-mail. */
export const PARTNER_ROLES = ['travelsx-partner', 'deliverx-partner'] as const;
