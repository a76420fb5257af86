/*
 * The render budget of every uploaded image (logos, blog covers,
 * meeting-point photos, driver and vehicle photos; issue 35 §6): sharp decodes
 * at most IMAGE_MAX_INPUT_PIXELS from one file, and each sharp call stops
 * after IMAGE_RENDER_SECONDS. sharp works on libuv's few worker threads, so
 * this bounds how long one tenant's upload can hold them from everyone
 * else's images; lib/media/image-lanes.ts bounds how many of them one
 * tenant's jobs hold (one). A file over either is refused as too costly, not as
 * unreadable. The limits are written out in the refusal texts of
 * `messages/` (BlogCreate.errors.imageTooCostly, Airports.errors.imageTooCostly,
 * Validation.photoTooCostly): change them together.
 */

export const IMAGE_MAX_INPUT_PIXELS = 40_000_000;
export const IMAGE_RENDER_SECONDS = 10;

/** Whether sharp stopped because the file is over the budget (its pixel limit or its timeout). */
export function isOverRenderBudget(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /pixel limit|timeout/i.test(message);
}
