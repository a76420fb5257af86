import { z } from 'zod';

/*
 * The operator's airport settings as the console edits them (console >
 * Airports and waiting), shared by the form, the route handlers and the
 * tests. Messages are keys of `Airports.errors`.
 */

export const AIRPORT_CAPS = { freeMinutes: 600, blockMinutes: 120, landingBufferMinutes: 240, meetingPointChars: 500 } as const;

const minutes = (min: number, max: number, key: string) => z.number({ error: key }).int(key).min(min, key).max(max, key);

export const waitingRulesInputSchema = z.object({
  freeMinutes: z.object({
    local: minutes(0, AIRPORT_CAPS.freeMinutes, 'freeMinutesInvalid'),
    airport: minutes(0, AIRPORT_CAPS.freeMinutes, 'freeMinutesInvalid'),
    outstation: minutes(0, AIRPORT_CAPS.freeMinutes, 'freeMinutesInvalid'),
    rental: minutes(0, AIRPORT_CAPS.freeMinutes, 'freeMinutesInvalid'),
  }),
  blockMinutes: minutes(1, AIRPORT_CAPS.blockMinutes, 'blockMinutesInvalid'),
  landingBufferMinutes: minutes(0, AIRPORT_CAPS.landingBufferMinutes, 'landingBufferInvalid'),
});

export type WaitingRulesInput = z.infer<typeof waitingRulesInputSchema>;

/** Public path of a meeting-point photo stored by this app: /media/{tenant}/airport/{uuid}.{jpg|png}. */
export const AIRPORT_PHOTO_PATTERN =
  /^\/media\/[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?\/airport\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(jpg|png)$/;

/**
 * One airport's meeting point: its text per language (blank languages are
 * dropped; at least one stays) and an uploaded photo or null. The server
 * checks the languages against the operator's and the photo against its uploads.
 */
export const meetingPointInputSchema = z.object({
  texts: z
    .record(
      z.string().regex(/^[a-z]{2}$/, 'languageNotOffered'),
      z.string({ error: 'meetingPointInvalid' }).trim().max(AIRPORT_CAPS.meetingPointChars, 'meetingPointTooLong'),
    )
    .transform((texts) => Object.fromEntries(Object.entries(texts).filter(([, text]) => text.length > 0)))
    .refine((texts) => Object.keys(texts).length > 0, 'meetingPointRequired'),
  photoUrl: z.string().regex(AIRPORT_PHOTO_PATTERN, 'photoInvalid').nullable(),
});

export type MeetingPointInput = z.input<typeof meetingPointInputSchema>;

/** The webp twin stored beside a photo (lib/blog/images.ts stores both). */
export function photoWebpOf(photoUrl: string): string {
  return photoUrl.replace(/\.(jpg|png)$/, '.webp');
}

/** Most minutes of waiting a completion may record (ten hours). */
const MAX_WAITING_MINUTES = 600;

/** Minutes waited before a trip started, as a driver or operator records them at completion (0 to 600, whole). */
export const waitingMinutesSchema = z
  .number({ error: 'waitingMinutesInvalid' })
  .int('waitingMinutesInvalid')
  .min(0, 'waitingMinutesInvalid')
  .max(MAX_WAITING_MINUTES, 'waitingMinutesInvalid');
