import { CHAT_SESSION_PATTERN } from '@/lib/chat/limits';

/** localStorage key of the conversation id (docs/requirements/rider.md#what-the-browser-keeps). */
const STORAGE_KEY = 'chat_session';

function randomPart(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return Array.from(bytes, (b) => b.toString(36).padStart(2, '0')).join('');
}

/**
 * The conversation id `{userId or 'guest'}-{random}`, kept in localStorage for
 * the session; a stored id of another user (or of the guest, once signed in) is
 * replaced by a new one.
 */
export function chatSessionFor(userId: number | null): string {
  const prefix = `${userId ?? 'guest'}-`;
  const stored = localStorage.getItem(STORAGE_KEY);
  if (stored && stored.startsWith(prefix) && CHAT_SESSION_PATTERN.test(stored)) return stored;
  const fresh = `${prefix}${randomPart()}`;
  localStorage.setItem(STORAGE_KEY, fresh);
  return fresh;
}
