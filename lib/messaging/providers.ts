import type { Transporter } from 'nodemailer';
import { env } from '@/lib/env';
import type { OutboxChannel } from '@/lib/db/schema';

export type Attachment = { filename: string; content: Buffer; contentType: string };
export type OutgoingMessage = {
  to: string;
  subject?: string;
  text: string;
  fromName?: string;
  /** E-mail only: the HTML part beside the text. */ html?: string;
  /** E-mail only. */ attachments?: Attachment[];
};

/** One way out for one channel. */
export interface MessageProvider {
  readonly name: string;
  send(message: OutgoingMessage): Promise<void>;
}

class SmtpProvider implements MessageProvider {
  readonly name = 'smtp';
  private transport: Promise<Transporter> | undefined;
  constructor(
    private readonly url: string,
    private readonly from: string,
  ) {}
  async send(message: OutgoingMessage): Promise<void> {
    // nodemailer is loaded with the first e-mail, not at start-up (docs/architecture/memory.md#packages-loaded-on-first-use)
    this.transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(this.url));
    const transport = await this.transport;
    const [, address = this.from] = /<([^>]+)>/.exec(this.from) ?? [];
    await transport.sendMail({
      from: message.fromName ? { name: message.fromName, address } : this.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      ...(message.attachments?.length ? { attachments: message.attachments } : {}),
      ...(message.html ? { html: message.html } : {}),
    });
  }
}

/** Any SMS gateway that takes a JSON POST {to, text} with a bearer token. */
class HttpSmsProvider implements MessageProvider {
  readonly name = 'sms-http';
  constructor(
    private readonly url: string,
    private readonly token?: string,
  ) {}
  async send(message: OutgoingMessage): Promise<void> {
    const res = await fetch(this.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(this.token ? { authorization: `Bearer ${this.token}` } : {}) },
      body: JSON.stringify({ to: message.to, text: message.text }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) throw new Error(`SMS gateway answered ${res.status}`);
  }
}

/**
 * WhatsApp Cloud API text messages (`POST {base}/{phoneNumberId}/messages`),
 * for messages the product starts (a customer's start code, driver details);
 * the recipient is E.164 with or without "+". Answers to a rider who wrote in
 * go out through lib/whatsapp/graph.ts.
 */
export class WhatsAppCloudProvider implements MessageProvider {
  readonly name = 'whatsapp-cloud';
  constructor(
    private readonly base: string,
    private readonly phoneNumberId: string,
    private readonly token: string,
  ) {}
  async send(message: OutgoingMessage): Promise<void> {
    const res = await fetch(`${this.base.replace(/\/+$/, '')}/${this.phoneNumberId}/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${this.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: message.to.replace(/^\+/, ''),
        type: 'text',
        text: { preview_url: false, body: message.text.slice(0, 4096) },
      }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) throw new Error(`WhatsApp Graph API answered ${res.status}`);
  }
}

const registry = new Map<OutboxChannel, MessageProvider>();
let configured = false;

function configure(): void {
  if (configured) return;
  configured = true;
  const config = env();
  if (config.SMTP_URL) registry.set('email', new SmtpProvider(config.SMTP_URL, config.SMTP_FROM ?? 'no-reply@localhost'));
  if (config.SMS_HTTP_URL) registry.set('sms', new HttpSmsProvider(config.SMS_HTTP_URL, config.SMS_HTTP_TOKEN));
  if (config.WHATSAPP_TOKEN && config.WHATSAPP_PHONE_NUMBER_ID)
    registry.set('whatsapp', new WhatsAppCloudProvider(config.WHATSAPP_API_BASE, config.WHATSAPP_PHONE_NUMBER_ID, config.WHATSAPP_TOKEN));
}

/** The provider for a channel, or undefined when none is configured (messages are then held in the outbox). */
export function providerFor(channel: OutboxChannel): MessageProvider | undefined {
  configure();
  return registry.get(channel);
}

/** Lets later parts (e.g. the WhatsApp Cloud API) and tests plug a provider in. */
export function registerProvider(channel: OutboxChannel, provider: MessageProvider | undefined): void {
  configure();
  if (provider) registry.set(channel, provider);
  else registry.delete(channel);
}
