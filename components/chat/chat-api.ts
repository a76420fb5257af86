import { api, typedCall, within, type ApiBody, type ApiDataOf } from '@/lib/api/typed-client';

/** A stored chat message as the history routes answer it. */
export type ChatMessageView = ApiDataOf<typeof api.chat.history.$get>[number];
type HandleMessageResult = NonNullable<ApiDataOf<typeof api.chat.message.$post>>;

/** Delay before the one retry of an empty history (docs/requirements/rider.md#booking-by-chat), in ms. */
const HISTORY_RETRY_MS = 200;
export const NO_DATA = 'Invalid API response: No data found';

/** A failed chat call; `code` is the API's error code, or 'network' / 'no_data'. */
export class ChatCallError extends Error {
  constructor(
    readonly code: string,
    message = code,
  ) {
    super(message);
    this.name = 'ChatCallError';
  }
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Chat history get, retried once after 200 ms when it comes back empty; errors are logged and read as empty. */
export async function fetchHistory(chatSession: string): Promise<ChatMessageView[]> {
  for (let attempt = 0; ; attempt++) {
    const result = await typedCall(api.chat.history.$get({ query: { chat_session: chatSession } }, within()));
    if (!result.ok) console.warn('chat history unavailable', result.error.message);
    const list = result.ok ? (result.data.data ?? []) : [];
    if (list.length || attempt === 1) return list;
    await wait(HISTORY_RETRY_MS);
  }
}

/** Chat history put: hands in the shown list, gets the stored one back (same retry rule as the get). */
export async function syncHistory(chatSession: string, shown: Pick<ChatMessageView, 'id' | 'role' | 'content'>[]): Promise<ChatMessageView[]> {
  const messages = shown.map(({ id, role, content }) => ({ id: id > 0 ? id : undefined, role, content }));
  for (let attempt = 0; ; attempt++) {
    const result = await typedCall(api.chat.history.$put({ json: { chatSession, messages } }, within()));
    if (!result.ok) console.warn('chat history sync failed', result.error.message);
    const list = result.ok ? (result.data.data ?? []) : [];
    if (list.length || attempt === 1) return list;
    await wait(HISTORY_RETRY_MS);
  }
}

/** The chat fallback over plain HTTP: one agent turn. */
export async function postChatMessage(input: ApiBody<typeof api.chat.message.$post>): Promise<HandleMessageResult> {
  const result = await typedCall(api.chat.message.$post({ json: input }, within(20_000)));
  if (!result.ok) throw new ChatCallError(result.error.code, result.error.message);
  if (!result.data.data?.agent) throw new ChatCallError('no_data', NO_DATA);
  return result.data.data;
}
