import { CHAT_SESSION_PATTERN } from '@/lib/chat/limits';

/** localStorage keys (docs/requirements/rider.md#what-the-browser-keeps): the conversation id, whose it is, and a guest's held booking. */
const STORAGE_KEY = 'chat_session';
const OWNER_KEY = 'chat_session_owner';
const HELD_KEY = 'chat_session_held';

function randomPart(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return Array.from(bytes, (b) => b.toString(36).padStart(2, '0')).join('');
}

/**
 * The conversation id `{userId or 'guest'}-{random}`, kept in localStorage.
 * Another user's stored id (or the guest's, once signed in) is replaced by a
 * new one, except a guest conversation held for its booking
 * (`holdForSignIn`): the rider who signs in carries it on.
 */
export function chatSessionFor(userId: number | null): string {
  const owner = String(userId ?? 'guest');
  const stored = localStorage.getItem(STORAGE_KEY);
  if (stored && CHAT_SESSION_PATTERN.test(stored)) {
    const storedOwner = localStorage.getItem(OWNER_KEY) ?? stored.slice(0, stored.indexOf('-'));
    if (storedOwner === owner) return stored;
    if (storedOwner === 'guest' && userId !== null && localStorage.getItem(HELD_KEY) === stored) {
      localStorage.setItem(OWNER_KEY, owner);
      localStorage.removeItem(HELD_KEY);
      return stored;
    }
  }
  const fresh = `${owner}-${randomPart()}`;
  localStorage.setItem(STORAGE_KEY, fresh);
  localStorage.setItem(OWNER_KEY, owner);
  localStorage.removeItem(HELD_KEY);
  return fresh;
}

/** The guest's conversation waits for the sign-in to book: the next signed-in `chatSessionFor` keeps it. */
export function holdForSignIn(chatSession: string): void {
  localStorage.setItem(HELD_KEY, chatSession);
}
