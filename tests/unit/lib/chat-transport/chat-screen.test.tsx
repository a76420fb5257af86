/**
 * @jest-environment jsdom
 */
import '@testing-library/jest-dom';
import type { ReactNode } from 'react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import en from '@/messages/en.json';
import { withQueryClient } from '../../query-wrapper';
import type { ChatMessageView } from '@/lib/chat/contract';
import type { ChatTurnAck } from '@/lib/realtime/chat-events';
import { useSessionStore } from '@/components/auth/session-store';
import { ChatScreen } from '@/components/chat/chat-screen';
import { fillJsdomGaps } from '../../jsdom-gaps';

jest.mock('@/lib/i18n/navigation', () => ({
  Link: ({ href, children, ...rest }: { href: string; children: ReactNode }) => (
    <a href={href} {...rest}>
      {children}
    </a>
  ),
  useRouter: () => ({ push: jest.fn(), replace: jest.fn(), refresh: jest.fn() }),
}));

/** socket.io-client stand-in: connects (or never does) and answers userMessage through `ackWith`. */
type Handler = (...args: unknown[]) => void;
const socketState: { connects: boolean; ackWith: (payload: { content: string; chatSession: string }) => ChatTurnAck; emitted: unknown[]; queries: unknown[] } =
  {
    connects: true,
    ackWith: () => ({ ok: false, error: { code: 'internal', message: 'x' } }),
    emitted: [],
    queries: [],
  };
jest.mock('socket.io-client', () => ({
  io: (options: { query: unknown }) => {
    const handlers = new Map<string, Set<Handler>>();
    const on = (event: string, fn: Handler) => {
      if (!handlers.has(event)) handlers.set(event, new Set());
      handlers.get(event)!.add(fn);
    };
    const fire = (event: string, ...args: unknown[]) => handlers.get(event)?.forEach((fn) => fn(...args));
    const socket = {
      connected: false,
      on: (event: string, fn: Handler) => (on(event, fn), socket),
      once: (event: string, fn: Handler) => {
        const wrapped: Handler = (...args) => {
          handlers.get(event)?.delete(wrapped);
          fn(...args);
        };
        on(event, wrapped);
        return socket;
      },
      off: () => socket,
      disconnect: () => undefined,
      timeout: () => ({
        emitWithAck: async (_event: string, payload: { content: string; chatSession: string }) => {
          socketState.emitted.push(payload);
          return socketState.ackWith(payload);
        },
      }),
    };
    socketState.queries.push(options.query);
    if (socketState.connects) {
      setTimeout(() => {
        socket.connected = true;
        fire('connect');
      }, 5);
    }
    return socket;
  },
}));

type Call = { method: string; path: string; body?: unknown; at: number };
let calls: Call[];
let me: Record<string, unknown> | null;
let histories: ChatMessageView[][];
let httpReply: (body: { chatSession: string; text: string }) => unknown;

const view = (id: number, role: 'user' | 'agent', message: string, chatSession: string, data?: ChatMessageView['data']): ChatMessageView => ({
  id,
  role,
  content: { message, createIsoTime: '2026-11-23T14:30:00.000Z' },
  chatSession,
  ...(data ? { data } : {}),
});

beforeAll(() => {
  fillJsdomGaps();
  Element.prototype.scrollTo ??= () => undefined;
});

beforeEach(async () => {
  calls = [];
  histories = [];
  me = { user_id: 7, lp_id: 7, user_type: 'travelsx-user', name: 'Asha' };
  socketState.connects = true;
  socketState.emitted = [];
  socketState.queries = [];
  localStorage.clear();
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input);
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, path, body, at: Date.now() });
    const json = (status: number, payload: unknown) => ({ ok: status < 400, status, statusText: '', json: async () => payload }) as Response;
    if (path === '/api/auth/me') return json(200, { data: me });
    if (path.startsWith('/api/chat/history')) return json(200, { data: histories.shift() ?? [] });
    if (path === '/api/chat/message') return json(200, httpReply(body));
    return json(404, {});
  }) as typeof fetch;
  await act(() => useSessionStore.getState().refresh());
});

function renderScreen() {
  render(
    <NextIntlClientProvider locale="en-IN" messages={en} timeZone="Asia/Kolkata">
      {withQueryClient(<ChatScreen timeZone="Asia/Kolkata" defaultCountry="IN" backHref="/user/home" ridesHref="/user/rides" />)}
    </NextIntlClientProvider>,
  );
}

const box = () => screen.getByRole('textbox', { name: 'Message' });
const sendButton = () => screen.getByRole('button', { name: 'Send' });
const conversation = () => screen.getByRole('list', { name: 'Conversation' });
const historyCalls = () => calls.filter((c) => c.path.startsWith('/api/chat/history'));

describe('chat screen transport', () => {
  it('keeps the conversation id {userId}-{random} in localStorage and restores the history, retrying once 200 ms after an empty answer', async () => {
    localStorage.setItem('chat_session', '7-restoreme01');
    histories = [[], [view(1, 'user', 'Chennai to Madurai', '7-restoreme01'), view(2, 'agent', 'When should I pick you up?', '7-restoreme01')]];
    renderScreen();
    expect(await within(conversation()).findByText('When should I pick you up?')).toBeInTheDocument();
    expect(within(conversation()).getByText('Chennai to Madurai')).toBeInTheDocument();
    const [first, second] = historyCalls();
    expect(first.path).toBe('/api/chat/history?chat_session=7-restoreme01');
    expect(second.at - first.at).toBeGreaterThanOrEqual(190);
    expect(historyCalls()).toHaveLength(2);
    expect(socketState.queries).toEqual([{ chatSession: '7-restoreme01' }]);
  });

  it("replaces another user's stored id with a new one of this user", async () => {
    localStorage.setItem('chat_session', '99-someoneelse');
    renderScreen();
    await waitFor(() => expect(localStorage.getItem('chat_session')).toMatch(/^7-[a-z0-9]{12,}$/));
    await waitFor(() => expect(historyCalls().length).toBeGreaterThanOrEqual(2));
  });

  it('sends the trimmed text over the socket, shows the dots, then the reply and its vehicle cards; a tap sends the pick', async () => {
    socketState.ackWith = ({ content, chatSession }) => ({
      ok: true,
      data: {
        user: view(11, 'user', content, chatSession),
        agent: view(12, 'agent', 'Fares for Chennai → Bengaluru', chatSession, {
          kind: 'quotes',
          rideSearchId: 'q1',
          currency: 'INR',
          options: [{ vehicleType: 'sedan', total: 573180, rideAmount: 492700, driverBata: 35000, tolls: 45480 }],
        }),
      },
    });
    renderScreen();
    await waitFor(() => expect(historyCalls().length).toBeGreaterThanOrEqual(2));
    expect(sendButton()).toBeDisabled();
    fireEvent.change(box(), { target: { value: '   ' } });
    expect(sendButton()).toBeDisabled();
    fireEvent.change(box(), { target: { value: '  Chennai to Bangalore  ' } });
    await act(async () => fireEvent.click(sendButton()));
    expect(socketState.emitted[0]).toMatchObject({ role: 'user', content: 'Chennai to Bangalore', locale: 'en-IN' });
    expect(box()).toHaveValue('');
    expect(await within(conversation()).findByText('Fares for Chennai → Bengaluru')).toBeInTheDocument();
    expect(document.querySelector('[aria-live="polite"]')).toHaveTextContent('Fares for Chennai → Bengaluru');
    const pick = screen.getByRole('button', { name: 'Sedan ₹5,731.80' });
    socketState.ackWith = ({ content, chatSession }) => ({
      ok: true,
      data: { user: view(13, 'user', content, chatSession), agent: view(14, 'agent', '', chatSession) },
    });
    await act(async () => fireEvent.click(pick));
    expect(socketState.emitted[1]).toMatchObject({ content: 'Sedan' });
    expect(await within(conversation()).findByText("Sorry, I couldn't understand that.")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sedan ₹5,731.80' })).toBeDisabled();
  });

  it('shows the error string in place of the dots when the turn fails', async () => {
    socketState.ackWith = () => ({ ok: false, error: { code: 'internal', message: 'boom' } });
    renderScreen();
    await waitFor(() => expect(historyCalls().length).toBeGreaterThanOrEqual(2));
    fireEvent.change(box(), { target: { value: 'hello' } });
    await act(async () => fireEvent.click(sendButton()));
    expect(await within(conversation()).findByText('Something went wrong. Try again later.')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'The AI assistant is typing' })).not.toBeInTheDocument();
  });

  it('falls back to POST /api/chat/message when the socket has not connected within 3 s', async () => {
    socketState.connects = false;
    httpReply = ({ chatSession, text }) => ({ data: { user: view(21, 'user', text, chatSession), agent: view(22, 'agent', 'Which day?', chatSession) } });
    renderScreen();
    await waitFor(() => expect(historyCalls().length).toBeGreaterThanOrEqual(2));
    fireEvent.change(box(), { target: { value: 'Chennai to Ooty' } });
    const sentAt = Date.now();
    await act(async () => fireEvent.click(sendButton()));
    expect(screen.getByRole('img', { name: 'The AI assistant is typing' })).toBeInTheDocument();
    expect(await within(conversation()).findByText('Which day?', undefined, { timeout: 5000 })).toBeInTheDocument();
    const post = calls.find((c) => c.path === '/api/chat/message')!;
    expect(post.body).toEqual({ chatSession: expect.stringMatching(/^7-/), text: 'Chennai to Ooty', locale: 'en-IN' });
    expect(post.at - sentAt).toBeGreaterThanOrEqual(2500);
    expect(socketState.emitted).toEqual([]);
  });

  it('signed out: messages go out on the guest conversation and the fares come back, with no sign-in asked', async () => {
    me = null;
    await act(() => useSessionStore.getState().refresh());
    socketState.ackWith = ({ content, chatSession }) => ({
      ok: true,
      data: {
        user: view(41, 'user', content, chatSession),
        agent: view(42, 'agent', 'Fares for Chennai → Bengaluru', chatSession, {
          kind: 'quotes',
          rideSearchId: 'q1',
          currency: 'INR',
          options: [{ vehicleType: 'sedan', total: 573180, rideAmount: 492700, driverBata: 35000, tolls: 45480 }],
        }),
      },
    });
    renderScreen();
    await waitFor(() => expect(localStorage.getItem('chat_session')).toMatch(/^guest-/));
    fireEvent.change(box(), { target: { value: '  Chennai to Bangalore tomorrow 8 PM  ' } });
    await act(async () => fireEvent.click(sendButton()));
    expect(socketState.emitted[0]).toMatchObject({ content: 'Chennai to Bangalore tomorrow 8 PM', chatSession: localStorage.getItem('chat_session') });
    expect(box()).toHaveValue('');
    expect(await screen.findByRole('button', { name: 'Sedan ₹5,731.80' })).toBeEnabled();
    expect(screen.queryByRole('dialog', { name: 'Sign in to book' })).not.toBeInTheDocument();
  });

  it('signed out: a sign-in answer to "yes" opens the popup; once signed in the held "yes" goes out again on the same conversation', async () => {
    me = null;
    await act(() => useSessionStore.getState().refresh());
    socketState.ackWith = ({ content, chatSession }) => ({
      ok: true,
      data: {
        user: view(51, 'user', content, chatSession),
        agent: view(52, 'agent', 'Please sign in with your phone number to book.', chatSession, { kind: 'signin' }),
      },
    });
    renderScreen();
    await waitFor(() => expect(localStorage.getItem('chat_session')).toMatch(/^guest-/));
    const guest = localStorage.getItem('chat_session');
    fireEvent.change(box(), { target: { value: 'yes' } });
    await act(async () => fireEvent.click(sendButton()));
    const popup = await screen.findByRole('dialog', { name: 'Sign in to book' });
    expect(within(popup).getByLabelText('Phone number')).toBeInTheDocument();
    // closed, the held booking waits; the card's Sign in opens the popup again
    fireEvent.click(within(popup).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog', { name: 'Sign in to book' })).not.toBeInTheDocument();
    fireEvent.click(within(conversation()).getByRole('button', { name: 'Sign in' }));
    expect(screen.getByRole('dialog', { name: 'Sign in to book' })).toBeInTheDocument();

    socketState.ackWith = ({ content, chatSession }) => ({
      ok: true,
      data: {
        user: view(53, 'user', content, chatSession),
        agent: view(54, 'agent', 'Booked! Ride #12', chatSession, { kind: 'booked', rideId: 12, total: 573180, cashbackAmount: 0, currency: 'INR' }),
      },
    });
    me = { user_id: 7, lp_id: 7, user_type: 'travelsx-user', name: 'Asha' };
    await act(() => useSessionStore.getState().refresh());
    await waitFor(() => expect(socketState.emitted).toHaveLength(2));
    expect(socketState.emitted[1]).toMatchObject({ content: 'yes', chatSession: guest });
    expect(localStorage.getItem('chat_session')).toBe(guest);
    expect(socketState.queries.at(-1)).toEqual({ chatSession: guest });
    expect(await within(conversation()).findByRole('heading', { name: 'Ride #12 is booked' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Sign in to book' })).not.toBeInTheDocument();
  });

  it('a guest conversation not held for a booking is not carried into the signed-in one', async () => {
    localStorage.setItem('chat_session', 'guest-notheld0001');
    renderScreen();
    await waitFor(() => expect(localStorage.getItem('chat_session')).toMatch(/^7-[a-z0-9]{12,}$/));
  });

  it('the sample message fills the box; voice input alerts where unsupported', async () => {
    const alert = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
    renderScreen();
    fireEvent.click(screen.getByRole('button', { name: /Try this message/ }));
    expect(box()).toHaveValue('Book a non-AC sedan one-way from Chennai to Bangalore at 8 PM');
    fireEvent.click(screen.getByRole('button', { name: 'Speak your message' }));
    expect(alert).toHaveBeenCalledWith('Voice recognition not supported.');
    alert.mockRestore();
  });

  it('dictates in the page language, continuously, with Send blocked while listening and a stop after 2 s of silence', async () => {
    const made: { lang: string; continuous: boolean; stopped: boolean; onresult: ((e: unknown) => void) | null; onend: (() => void) | null }[] = [];
    class FakeRecognition {
      lang = '';
      continuous = false;
      interimResults = false;
      stopped = false;
      onresult: ((e: unknown) => void) | null = null;
      onerror = null;
      onend: (() => void) | null = null;
      constructor() {
        made.push(this);
      }
      start() {}
      stop() {
        this.stopped = true;
        this.onend?.();
      }
    }
    (window as unknown as { webkitSpeechRecognition: unknown }).webkitSpeechRecognition = FakeRecognition;
    try {
      renderScreen();
      fireEvent.change(box(), { target: { value: 'Book a sedan' } });
      fireEvent.click(screen.getByRole('button', { name: 'Speak your message' }));
      const rec = made[0];
      expect(rec).toMatchObject({ lang: 'en-IN', continuous: true });
      expect(screen.getByRole('button', { name: 'Stop listening' })).toHaveAttribute('aria-pressed', 'true');
      act(() => rec.onresult?.({ results: { length: 1, 0: { isFinal: true, 0: { transcript: 'from Chennai to Bangalore' }, length: 1 } } }));
      expect(box()).toHaveValue('Book a sedan from Chennai to Bangalore');
      expect(sendButton()).toBeDisabled();
      fireEvent.submit(box().closest('form')!);
      expect(socketState.emitted).toEqual([]);
      await waitFor(() => expect(rec.stopped).toBe(true), { timeout: 3000 });
      expect(sendButton()).toBeEnabled();
    } finally {
      delete (window as unknown as { webkitSpeechRecognition?: unknown }).webkitSpeechRecognition;
    }
  });
});
