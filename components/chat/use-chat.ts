'use client';

import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';
import type { ChatMessageView } from '@/lib/chat/contract';
import { useHydrationStore } from '@/components/ui/hydration-store';
import { ChatCallError, fetchHistory, syncHistory } from './chat-api';
import { chatSessionFor, holdForSignIn } from './chat-session';
import { openChatTransport, type ChatTransport } from './chat-transport';

/** A message on screen: stored ones have the server's id; local ones (sent, waiting, failed) a negative id. */
export type ChatEntry = ChatMessageView & { pending?: boolean; failed?: boolean };

export type ChatTexts = { notUnderstood: string; failed: string; tooFast: string };

/** Stored messages first, then what the stored list does not have yet (local entries, replies newer than the list). */
function mergeStored(current: ChatEntry[], stored: ChatMessageView[]): ChatEntry[] {
  const ids = new Set(stored.map((m) => m.id));
  return [...stored, ...current.filter((entry) => entry.id < 0 || !ids.has(entry.id))];
}

function withFallback(agent: ChatMessageView, texts: ChatTexts): ChatMessageView {
  return agent.content.message.trim() || agent.data ? agent : { ...agent, content: { ...agent.content, message: texts.notUnderstood } };
}

let localIds = -1;

/** The history of no session: an empty list that is never fetched. */
const NO_SESSION = ['chat', 'history', null] as const;

/**
 * The conversation: its id, the history (restored on load and after a
 * reconnect), sending through the transport with the three-dot placeholder.
 * Signed out the rider chats and gets fares; the message the agent answers
 * with a sign-in ("yes" to book) is held, and sent again on the same
 * conversation once the rider has signed in (docs/requirements/rider.md#booking-by-chat).
 *
 * The list on screen is the react-query entry of the session's history
 * (`queryKeys.chat.history`): stored messages plus this tab's unsent, waiting
 * and failed turns (negative ids), so a screen mounted again shows it at once.
 */
export function useChat({
  ready,
  userId,
  locale,
  texts,
  onQueuedSent,
  onSignInNeeded,
}: {
  ready: boolean;
  userId: number | null;
  locale: string;
  texts: ChatTexts;
  onQueuedSent: () => void;
  /** The agent will book only for a signed-in rider: open the sign-in. */
  onSignInNeeded: () => void;
}) {
  const hydrated = useHydrationStore((s) => s.hydrated);
  const chatSession = useMemo(() => (hydrated && ready ? chatSessionFor(userId) : null), [hydrated, ready, userId]);
  const client = useQueryClient();
  const history = useQuery<ChatEntry[]>({
    queryKey: chatSession ? queryKeys.chat.history(chatSession) : NO_SESSION,
    // the stored list, merged with what this tab holds that the server has not stored yet
    queryFn: async () => {
      const key = queryKeys.chat.history(chatSession!);
      const stored = await fetchHistory(chatSession!);
      return mergeStored(client.getQueryData<ChatEntry[]>(key) ?? [], stored);
    },
    enabled: chatSession !== null,
    staleTime: 0,
  });
  const [announcement, setAnnouncement] = useState('');
  const transport = useRef<ChatTransport | null>(null);
  /** Typed before the transport was open. */
  const queued = useRef<string | null>(null);
  /** Answered with a sign-in: sent again once signed in. */
  const held = useRef<string | null>(null);
  const latest = useRef({ texts, onQueuedSent, onSignInNeeded });

  useEffect(() => {
    latest.current = { texts, onQueuedSent, onSignInNeeded };
  });

  /** Changes the entries of `session` in the cache. */
  const update = useCallback(
    (session: string, change: (entries: ChatEntry[]) => ChatEntry[]) => {
      client.setQueryData<ChatEntry[]>(queryKeys.chat.history(session), (prev) => change(prev ?? []));
    },
    [client],
  );

  const deliver = useCallback(
    async (session: string, via: ChatTransport, text: string) => {
      const userKey = localIds--;
      const waitKey = localIds--;
      const now = new Date().toISOString();
      update(session, (list) => [
        ...list,
        { id: userKey, role: 'user', content: { message: text, createIsoTime: now }, chatSession: session },
        { id: waitKey, role: 'agent', content: { message: '…', createIsoTime: now }, chatSession: session, pending: true },
      ]);
      const { texts: words } = latest.current;
      try {
        const { user, agent } = await via.send(text);
        const reply = withFallback(agent, words);
        update(session, (list) => {
          const has = (id: number) => list.some((e) => e.id === id);
          return list.flatMap((e) => (e.id === userKey ? (has(user.id) ? [] : [user]) : e.id === waitKey ? (has(agent.id) ? [] : [reply]) : [e]));
        });
        setAnnouncement(reply.content.message);
        if (reply.data?.kind === 'signin') {
          held.current = text;
          holdForSignIn(session);
          latest.current.onSignInNeeded();
        }
      } catch (error) {
        const code = error instanceof ChatCallError ? error.code : undefined;
        // 429 past the chat's limits (lib/chat/turn-limits.ts)
        const message = code === 'no_data' ? words.notUnderstood : code === 'rate_limited' ? words.tooFast : words.failed;
        update(session, (list) => list.map((e) => (e.id === waitKey ? { ...e, pending: false, failed: true, content: { ...e.content, message } } : e)));
        setAnnouncement(message);
      }
    },
    [update],
  );

  useEffect(() => {
    if (!chatSession) return;
    let live = true;
    const key = queryKeys.chat.history(chatSession);
    const resync = async () => {
      // after a reconnect the server gets the stored part of what is shown and answers its own list
      const known = (client.getQueryData<ChatEntry[]>(key) ?? []).filter((e) => e.id > 0);
      const stored = userId !== null ? await syncHistory(chatSession, known) : await fetchHistory(chatSession);
      if (live) update(chatSession, (current) => mergeStored(current, stored));
    };
    const opened = openChatTransport({
      chatSession,
      locale,
      onAgentMessage: (message) => {
        if (!live || message.chatSession !== chatSession) return;
        update(chatSession, (list) => (list.some((e) => e.id === message.id) ? list : [...list, withFallback(message, latest.current.texts)]));
        setAnnouncement(message.content.message);
      },
      onReconnect: () => {
        if (live) void resync();
      },
    });
    transport.current = opened;
    const waiting = queued.current;
    const booking = userId !== null ? held.current : null;
    if (waiting) {
      queued.current = null;
      latest.current.onQueuedSent();
      void Promise.resolve().then(() => deliver(chatSession, opened, waiting));
    } else if (booking) {
      // The held booking goes out on the signed-in transport (which carries the new cookie), in the same conversation.
      held.current = null;
      void Promise.resolve().then(() => deliver(chatSession, opened, booking));
    }
    return () => {
      live = false;
      opened.close();
      if (transport.current === opened) transport.current = null;
    };
  }, [chatSession, userId, locale, update, deliver, client]);

  /** Sends now, signed in or not; before the transport is open keeps the text until it is ('queued'). Blank text is not sent. */
  const send = useCallback(
    (raw: string): 'sent' | 'queued' | 'blank' => {
      const text = raw.trim();
      if (!text) return 'blank';
      if (!chatSession || !transport.current) {
        queued.current = text;
        return 'queued';
      }
      void deliver(chatSession, transport.current, text);
      return 'sent';
    },
    [chatSession, deliver],
  );

  return {
    chatSession,
    entries: chatSession ? (history.data ?? []) : [],
    loading: chatSession !== null && history.status === 'pending',
    announcement,
    send,
  };
}
