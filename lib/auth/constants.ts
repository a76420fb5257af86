/**
 * One-time sign-in codes: length, lifetime and limits (docs/architecture/accounts.md#one-time-codes;
 * why these, against OWASP ASVS 5.0 chapter 6: README "Sign-in codes").
 */
export const OTP = {
  /** Digits: 6 random digits are the 20 bits of entropy ASVS 6.5.4 asks of out-of-band codes. */
  LENGTH: 6,
  TTL_MS: 10 * 60 * 1000,
  /** Wrong guesses one code takes before it is dead (only its requester can guess it: codes are bound to their request). */
  MAX_ATTEMPTS: 5,
  /** The wait before another code for one phone or e-mail, doubling from the 4th code within an hour... */
  RESEND_AFTER_MS: 30 * 1000,
  FREE_RESENDS_PER_HOUR: 3,
  /** ...up to this: whoever asks for codes, the owner waits no longer for the next one. */
  MAX_RESEND_WAIT_MS: 10 * 60 * 1000,
  /** Codes one address may ask for, across phones and e-mails. */
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
