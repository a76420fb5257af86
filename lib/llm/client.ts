import 'server-only';
import { env } from '@/lib/env';

/*
 * The one client of an OpenAI-compatible chat-completions API
 * (docs/requirements/deployer.md#outside-services), configured by
 * LLM_BASE_URL, LLM_API_KEY and LLM_MODEL together: the chat and WhatsApp
 * agent (lib/chat/llm.ts, with tool calls) and the blog writer
 * (lib/blog/generate.ts). Without the three, both use their offline
 * defaults (the built-in agent, the template article) and say so.
 */

export type LlmConfig = { baseUrl: string; apiKey: string; model: string };

export type ToolCall = { id: string; type: 'function'; function: { name: string; arguments: string } };
export type LlmMessage = { role: 'system' | 'user' | 'assistant' | 'tool'; content: string | null; tool_calls?: ToolCall[]; tool_call_id?: string };

/** The API's settings when all three of LLM_BASE_URL, LLM_API_KEY and LLM_MODEL are set. */
export function llmConfig(): LlmConfig | undefined {
  const { LLM_BASE_URL, LLM_API_KEY, LLM_MODEL } = env();
  if (!LLM_BASE_URL || !LLM_API_KEY || !LLM_MODEL) return undefined;
  return { baseUrl: LLM_BASE_URL.replace(/\/+$/, ''), apiKey: LLM_API_KEY, model: LLM_MODEL };
}

/** The connection was reset or closed under the request (a kept-alive socket the API closed meanwhile). */
function connectionDropped(error: unknown): boolean {
  const code = (error as { cause?: { code?: string } } | undefined)?.cause?.code;
  return code === 'ECONNRESET' || code === 'UND_ERR_SOCKET' || code === 'EPIPE';
}

export type CompletionRequest = {
  messages: LlmMessage[];
  temperature: number;
  /** OpenAI-style function tools the model may call. */
  tools?: readonly unknown[];
  timeoutMs: number;
};

/**
 * The model's next message: text, or tool calls when `tools` were offered.
 * A completion changes nothing on the API's side, so a dropped connection is
 * tried once more on a new one. Throws on a transport error, the timeout, a
 * non-2xx answer or a message with neither text nor tool calls.
 */
export async function completeChat(config: LlmConfig, request: CompletionRequest): Promise<LlmMessage> {
  const signal = AbortSignal.timeout(request.timeoutMs);
  const body = JSON.stringify({
    model: config.model,
    messages: request.messages,
    temperature: request.temperature,
    ...(request.tools ? { tools: request.tools, tool_choice: 'auto' } : {}),
  });
  const send = () =>
    fetch(`${config.baseUrl}/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${config.apiKey}`, 'content-type': 'application/json' },
      body,
      signal,
    });
  const res = await send().catch((error: unknown) => {
    if (connectionDropped(error)) return send();
    throw error;
  });
  if (!res.ok) throw new Error(`LLM API answered ${res.status}`);
  const json = (await res.json()) as { choices?: { message?: LlmMessage }[] };
  const message = json.choices?.[0]?.message;
  const hasText = typeof message?.content === 'string' && message.content.trim() !== '';
  if (!message || (!hasText && !message.tool_calls?.length)) throw new Error('LLM API returned no message');
  return message;
}
