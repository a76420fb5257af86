import { io, type Socket } from 'socket.io-client';
import type { ChatMessageView, HandleMessageResult } from '@/lib/chat/contract';
import type { ChatTurnAck } from '@/lib/realtime/chat-events';
import { RESYNC_EVENT } from '@/lib/realtime/events';
import { AGENT_MESSAGE_EVENT, USER_MESSAGE_EVENT } from '@/lib/chat/limits';
import { ChatCallError, NO_DATA, postChatMessage } from './chat-api';

/** How long the socket gets to connect before messages go over HTTP, in ms. */
export const SOCKET_CONNECT_MS = 3_000;
/** How long a sent message waits for the agent's acknowledgement, in ms. */
const ACK_TIMEOUT_MS = 20_000;

export type ChatTransport = { send: (text: string) => Promise<HandleMessageResult>; close: () => void };

type Options = {
  chatSession: string;
  locale: string;
  onAgentMessage: (message: ChatMessageView) => void;
  /** The socket came back after a drop: the history may have moved on meanwhile. */
  onReconnect: () => void;
};

function connected(socket: Socket, deadline: number): Promise<boolean> {
  if (socket.connected) return Promise.resolve(true);
  const left = deadline - Date.now();
  if (left <= 0) return Promise.resolve(false);
  return new Promise((resolve) => {
    const done = (value: boolean) => {
      clearTimeout(timer);
      socket.off('connect', onConnect);
      resolve(value);
    };
    const onConnect = () => done(true);
    const timer = setTimeout(() => done(false), left);
    socket.once('connect', onConnect);
  });
}

/**
 * The chat's way to the agent: socket.io with the `chatSession` query (room
 * per conversation), and POST /api/chat/message when the socket has not
 * connected within 3 s of opening or is down.
 */
export function openChatTransport({ chatSession, locale, onAgentMessage, onReconnect }: Options): ChatTransport {
  const socket = io({ withCredentials: true, transports: ['websocket', 'polling'], query: { chatSession }, timeout: SOCKET_CONNECT_MS });
  const deadline = Date.now() + SOCKET_CONNECT_MS;
  let hadConnection = false;
  socket.on('connect', () => {
    if (hadConnection) onReconnect();
    hadConnection = true;
  });
  socket.on('connect_error', (error) => console.warn('live chat unavailable', error.message));
  socket.on(AGENT_MESSAGE_EVENT, onAgentMessage);
  // the server's link to the other instances is back: replies sent meanwhile may be missing here
  socket.on(RESYNC_EVENT, onReconnect);

  async function send(text: string): Promise<HandleMessageResult> {
    if (!(await connected(socket, deadline))) return postChatMessage({ chatSession, text, locale });
    const ack: ChatTurnAck = await socket
      .timeout(ACK_TIMEOUT_MS)
      .emitWithAck(USER_MESSAGE_EVENT, { role: 'user', content: text, chatSession, locale })
      .catch(() => {
        throw new ChatCallError('network');
      });
    if (!ack?.ok) throw new ChatCallError(ack?.error.code ?? 'no_data', ack?.error.message ?? NO_DATA);
    if (!ack.data?.agent) throw new ChatCallError('no_data', NO_DATA);
    return ack.data;
  }

  return { send, close: () => socket.disconnect() };
}
