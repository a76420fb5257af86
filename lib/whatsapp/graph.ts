import type { WhatsAppConfig } from './config';

/** WhatsApp's limit on a text message body, in characters. */
const BODY_MAX = 4096;

/** Sends a text message through the Graph API (`POST {base}/{phoneNumberId}/messages`); throws when it is refused. */
export async function sendWhatsAppText(config: WhatsAppConfig, to: string, body: string): Promise<void> {
  const res = await fetch(`${config.apiBase}/${config.phoneNumberId}/messages`, {
    method: 'POST',
    headers: { authorization: `Bearer ${config.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to,
      type: 'text',
      text: { preview_url: false, body: body.slice(0, BODY_MAX) },
    }),
    signal: AbortSignal.timeout(10_000),
  });
  if (!res.ok) throw new Error(`WhatsApp Graph API answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
}
