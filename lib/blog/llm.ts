import 'server-only';
import { env } from '@/lib/env';

/** An OpenAI-compatible chat API (docs/requirements/deployer.md#outside-services), configured by LLM_BASE_URL, LLM_API_KEY and LLM_MODEL together. */
export type LlmConfig = { baseUrl: string; apiKey: string; model: string };
export type ChatMessage = { role: 'system' | 'user' | 'assistant'; content: string };

/** Milliseconds to wait for a completion. */
const TIMEOUT_MS = 45_000;

export function llmConfig(): LlmConfig | undefined {
  const { LLM_BASE_URL, LLM_API_KEY, LLM_MODEL } = env();
  return LLM_BASE_URL && LLM_API_KEY && LLM_MODEL ? { baseUrl: LLM_BASE_URL, apiKey: LLM_API_KEY, model: LLM_MODEL } : undefined;
}

/** The assistant's reply to `messages`; throws on a transport error, a non-2xx answer or an empty reply. */
export async function chatCompletion(config: LlmConfig, messages: ChatMessage[], timeoutMs = TIMEOUT_MS): Promise<string> {
  const res = await fetch(`${config.baseUrl.replace(/\/+$/, '')}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${config.apiKey}` },
    body: JSON.stringify({ model: config.model, messages, temperature: 0.7 }),
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (!res.ok) throw new Error(`chat API answered ${res.status}`);
  const json = (await res.json()) as { choices?: { message?: { content?: unknown } }[] };
  const content = json.choices?.[0]?.message?.content;
  if (typeof content !== 'string' || !content.trim()) throw new Error('chat API gave no content');
  return content;
}

/** The HTML inside a reply that may wrap it in a Markdown code fence. */
export function htmlOfReply(reply: string): string {
  const fenced = /```(?:html)?\s*\n([\s\S]*?)```/i.exec(reply);
  return (fenced ? fenced[1] : reply).trim();
}
