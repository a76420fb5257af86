import 'server-only';
import en from '@/messages/en.json';
import type { Db } from '@/lib/db/client';
import { keyedError, notFound, type ErrorKind } from '@/lib/errors/domain-error';
import { offeredLanguages } from '@/lib/settings/languages';
import { isOwnMeetingPhoto } from './photos';
import { meetingPointInputSchema, type MeetingPointInput } from './schemas';
import { removeMeetingPoint, saveMeetingPoint, servedAirports, type MeetingPoint } from './settings';

type Operator = { id: number; slug: string; countryCode: string; languages?: readonly string[] | null };

const CODES: Partial<Record<ErrorKind, string>> = { invalid: 'bad_request', not_found: 'not_found' };

/** An API error carrying an `Airports.errors` key, so the console shows it in the operator's language. */
export function airportError(key: keyof typeof en.Airports.errors, field?: string, kind: ErrorKind = 'invalid') {
  return keyedError(kind, CODES[kind] ?? 'bad_request', key, en.Airports.errors[key], undefined, field);
}

async function servedCode(db: Db, operator: Operator, code: string): Promise<string> {
  const upper = code.trim().toUpperCase();
  if (!(await servedAirports(db, operator)).some((a) => a.code === upper)) throw airportError('airportUnknown', 'code', 'not_found');
  return upper;
}

/** Sets one served airport's meeting point: texts in the operator's languages only, a photo it uploaded. */
export async function updateMeetingPoint(db: Db, operator: Operator, code: string, input: MeetingPointInput): Promise<MeetingPoint> {
  const airportCode = await servedCode(db, operator, code);
  const { texts, photoUrl } = meetingPointInputSchema.parse(input);
  const languages = offeredLanguages(operator);
  const foreign = Object.keys(texts).find((lang) => !languages.includes(lang));
  if (foreign) throw airportError('languageNotOffered', `texts.${foreign}`);
  if (photoUrl && !(await isOwnMeetingPhoto(operator.slug, photoUrl))) throw airportError('photoInvalid', 'photoUrl');
  return saveMeetingPoint(db, operator.id, airportCode, { texts, photoUrl });
}

/** Clears a served airport's meeting point (404 when none was set). */
export async function clearMeetingPoint(db: Db, operator: Operator, code: string): Promise<void> {
  const airportCode = await servedCode(db, operator, code);
  if (!(await removeMeetingPoint(db, operator.id, airportCode))) throw notFound('This airport has no meeting point.');
}
