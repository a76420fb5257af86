import 'server-only';
import { completeChat, type LlmConfig } from '@/lib/llm/client';

export type ChatMessage = { role: 'system' | 'user' | 'assistant'; content: string };

/** Milliseconds to wait for an article. */
const TIMEOUT_MS = 45_000;

/** The model's text reply to `messages` (lib/llm/client.ts); throws on a transport error, a non-2xx answer or an empty reply. */
export async function chatCompletion(config: LlmConfig, messages: ChatMessage[], timeoutMs = TIMEOUT_MS): Promise<string> {
  const message = await completeChat(config, { messages, temperature: 0.7, timeoutMs });
  if (typeof message.content !== 'string' || !message.content.trim()) throw new Error('LLM API gave no text');
  return message.content;
}

/** The HTML inside a reply that may wrap it in a Markdown code fence. */
export function htmlOfReply(reply: string): string {
  const fenced = /```(?:html)?\s*\n([\s\S]*?)```/i.exec(reply);
  return (fenced ? fenced[1] : reply).trim();
}
