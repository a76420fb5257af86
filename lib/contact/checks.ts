// merge shim: re-exports lib/contact/identifiers; removed once the forms move
import { emailSchema } from './identifiers';

/** `emailSchema.safeParse` in the shape components/booking/ride-summary.tsx reads (its rewrite imports the schema). */
export function checkEmail(input: unknown): { ok: true; value: string } | { ok: false; message: string } {
  const result = emailSchema.safeParse(input);
  return result.success ? { ok: true, value: result.data } : { ok: false, message: result.error.issues[0].message };
}
