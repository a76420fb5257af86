/**
 * The contract between the chat transports (socket.io, HTTP fallback, WhatsApp
 * webhook, the AI ride-create call) and the booking agent. Transports call
 * `handleUserMessage` in `lib/chat/service.ts`; the agent never knows which
 * transport carried the text.
 */
import type { ChatRole } from '@/lib/db/schema/chat';
import type { VehicleType } from '@/lib/db/schema/rides';

/** A message as the client shows it (docs/requirements/rider.md#booking-by-chat: role, content {message, createIsoTime}, chatSession). */
export type ChatMessageView = {
  id: number;
  role: ChatRole;
  content: { message: string; createIsoTime: string };
  chatSession: string;
  /** Cards under an agent message. */
  data?: AgentData;
};

/** Structured parts of an agent reply. */
export type AgentData =
  | {
      kind: 'quotes';
      rideSearchId: string;
      currency: string;
      options: { vehicleType: VehicleType; nonAc?: true; total: number; rideAmount: number; driverBata: number; tolls: number }[];
    }
  | { kind: 'confirm'; rideSearchId: string; vehicleType: VehicleType; total: number; currency: string; summary: string }
  | { kind: 'booked'; rideId: number; total: number; cashbackAmount: number; currency: string }
  | { kind: 'signin' };

/** Who is talking: the session's user when signed in; on WhatsApp the rider account of the sender's phone. */
export type ChatActor = { userId: number; role: string; name: string | null } | null;

export type HandleMessageInput = {
  businessId: number;
  chatSession: string;
  channel: 'web' | 'whatsapp';
  actor: ChatActor;
  /** BCP-47 locale of the page (e.g. en-IN, ta-IN): replies are written in its language. */
  locale: string;
  text: string;
};

/** Both stored messages, in order; `agent` is the reply to send back. */
export type HandleMessageResult = { user: ChatMessageView; agent: ChatMessageView };
