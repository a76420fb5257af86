import { forbidden } from '@/lib/api/errors';
import { ChatAccessError } from '@/lib/realtime/chat';

/** Maps a refused chat session to 403 for the chat route handlers. */
export async function withChatAccess<T>(check: Promise<T>): Promise<T> {
  try {
    return await check;
  } catch (error) {
    if (error instanceof ChatAccessError) throw forbidden(error.message);
    throw error;
  }
}
