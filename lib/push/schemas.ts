import { z } from 'zod';

/** Largest endpoint URL accepted (push services use well under 1 kB). */
export const ENDPOINT_MAX = 2048;

const endpointSchema = z
  .url({ protocol: /^https$/, error: 'endpoint must be an https URL' })
  .max(ENDPOINT_MAX, `endpoint must be at most ${ENDPOINT_MAX} characters`);

/** A browser's PushSubscription.toJSON(): base64url keys, p256dh an uncompressed P-256 point (65 bytes), auth 16 bytes. */
export const pushSubscriptionSchema = z.object({
  endpoint: endpointSchema,
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    p256dh: z.string().regex(/^B[A-Za-z0-9_-]{86}=?$/, 'keys.p256dh must be a base64url P-256 public key'),
    auth: z.string().regex(/^[A-Za-z0-9_-]{22}(==)?$/, 'keys.auth must be 16 bytes in base64url'),
  }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

export const unsubscribeSchema = z.object({ endpoint: endpointSchema });

export const pushSettingsSchema = z.object({ pushEnabled: z.boolean() });
export type PushSettings = z.infer<typeof pushSettingsSchema>;

/** What the service worker shows: the title defaults to the product's name, the body to ''. */
export type PushPayload = { title?: string; body?: string; data?: Record<string, unknown> };
