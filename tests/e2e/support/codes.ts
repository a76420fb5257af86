import { expect, type APIRequestContext } from '@playwright/test';

const SINK = `http://127.0.0.1:${process.env.SMTP_SINK_HTTP_PORT ?? 2526}`;

function codeIn(text: string): string | undefined {
  return /\b(\d{6})\b is your\b/.exec(text)?.[1] ?? /\b(\d{6})\b/.exec(text)?.[1];
}

/** The newest code e-mailed to `to`, read from the loopback SMTP server. */
export async function codeFromMail(request: APIRequestContext, to: string, after = 0): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const messages: { raw: string }[] = await (await request.get(`${SINK}/messages?to=${encodeURIComponent(to)}`)).json();
        // the newest message that carries a code: a ride notice to the same address may have arrived after it
        const bodies = messages
          .slice(after)
          .reverse()
          .map((message) =>
            message.raw
              .split(/\r?\n\r?\n/)
              .slice(1)
              .join('\n'),
          );
        code = bodies.map((body) => /\b(\d{6})\b is your\b/.exec(body)?.[1]).find(Boolean) ?? (bodies[0] ? codeIn(bodies[0]) : undefined);
        return code;
      },
      { timeout: 10_000 },
    )
    .toMatch(/^\d{6}$/);
  return code!;
}

export async function mailCount(request: APIRequestContext, to: string): Promise<number> {
  return ((await (await request.get(`${SINK}/messages?to=${encodeURIComponent(to)}`)).json()) as unknown[]).length;
}

/**
 * The newest code held in the app's outbox for `to` (DEV_OUTBOX=1), asked on `origin`'s host.
 * Node does not resolve *.localhost as browsers do: such a host is asked on loopback with its Host header.
 */
export async function codeFromOutbox(request: APIRequestContext, origin: string, to: string): Promise<string> {
  const url = new URL(origin);
  const viaLoopback = url.hostname.endsWith('.localhost');
  const base = viaLoopback ? `${url.protocol}//127.0.0.1:${url.port}` : origin;
  const headers = viaLoopback ? { host: url.host } : undefined;
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const json = await (await request.get(`${base}/api/dev/outbox?to=${encodeURIComponent(to)}`, { headers })).json();
        // the newest message that carries a code: a ride notice or a driver's invitation may have arrived after it
        const bodies: string[] = (json.data ?? []).map((message: { body: string }) => message.body);
        code = bodies.map((body) => /\b(\d{6})\b is your\b/.exec(body)?.[1]).find(Boolean) ?? (bodies[0] ? codeIn(bodies[0]) : undefined);
        return code;
      },
      { timeout: 10_000 },
    )
    .toMatch(/^\d{6}$/);
  return code!;
}
