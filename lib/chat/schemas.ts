import { z } from 'zod';
import { CHAT_MESSAGE_MAX, CHAT_SESSION_PATTERN } from './limits';

// zod-free in ./limits, for the chat's client components
export { CHAT_MESSAGE_MAX, CHAT_SESSION_PATTERN };

const id = z.union([z.number(), z.string().max(40)]).optional();
const text = z.string().max(200).optional();

/**
 * The AI ride-create payload (docs/requirements/rider.md#booking-by-chat). `chatId` is the user id plus an id
 * generated once per conversation. The ids and phone in it describe the caller
 * but grant nothing: who books is the signed-in session.
 */
export const aiRideCreateSchema = z.object({
  prompt: z.string().max(20_000),
  chatId: z.string().regex(CHAT_SESSION_PATTERN, 'chatIdInvalid'),
  lpId: id,
  userId: id,
  userType: text,
  firstName: text,
  countryCode: text,
  phoneNumber: text,
  deviceToken: z.string().max(4096).optional(),
  businessLpId: id,
  businessUserId: id,
  businessDeviceToken: z.string().max(4096).optional(),
  businessPhoneNumber: text,
  businessName: text,
  createIsoTime: text,
  createUxTime: id,
  createLclTime: text,
  source: text,
});

export type AiRideCreateInput = z.infer<typeof aiRideCreateSchema>;
