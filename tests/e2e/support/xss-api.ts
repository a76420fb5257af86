import http from 'node:http';

const PORT = Number(process.env.E2E_PORT ?? 3100);

export type ApiAnswer = {
  status: number;
  json: { success?: boolean; data?: unknown; error?: { code: string; message: string; field?: string; key?: string } } & Record<string, unknown>;
  headers: http.IncomingHttpHeaders;
};

/**
 * A browser-like API client for one host: sends the Host and Origin a page of
 * that host would send, keeps the session cookie it is given, and speaks from
 * its own loopback address (127.0.0.x) so per-address limits count it as one
 * visitor. Node cannot resolve *.localhost, so it always dials 127.0.0.1.
 */
export class ApiClient {
  cookie = '';
  /** The code-request cookie of the last code asked for (codes are bound to it). */
  codeRequest = '';

  constructor(
    readonly host: string,
    readonly localAddress = '127.0.0.1',
  ) {}

  get origin(): string {
    return `http://${this.host}:${PORT}`;
  }

  request(method: string, path: string, body?: unknown, extra: Record<string, string> = {}): Promise<ApiAnswer> {
    const payload = body === undefined ? undefined : Buffer.isBuffer(body) ? body : Buffer.from(JSON.stringify(body));
    const headers: Record<string, string> = {
      host: `${this.host}:${PORT}`,
      origin: this.origin,
      'user-agent': 'xss-spec',
      ...(payload && !Buffer.isBuffer(body) ? { 'content-type': 'application/json' } : {}),
      ...(payload ? { 'content-length': String(payload.length) } : {}),
      ...(this.cookie || this.codeRequest ? { cookie: [this.cookie, this.codeRequest].filter(Boolean).join('; ') } : {}),
      ...extra,
    };
    return new Promise((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port: PORT, localAddress: this.localAddress, method, path, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const setCookie = res.headers['set-cookie']?.find((c) => c.startsWith('__Host-session='));
          if (setCookie) this.cookie = setCookie.split(';')[0];
          const codeRequest = res.headers['set-cookie']?.find((c) => c.startsWith('__Host-code-request='));
          if (codeRequest) this.codeRequest = codeRequest.split(';')[0];
          const text = Buffer.concat(chunks).toString('utf8');
          let json: ApiAnswer['json'] = {};
          try {
            json = text ? JSON.parse(text) : {};
          } catch {
            json = { raw: text };
          }
          resolve({ status: res.statusCode ?? 0, json, headers: res.headers });
        });
      });
      req.on('error', reject);
      req.end(payload);
    });
  }

  get = (path: string) => this.request('GET', path);
  post = (path: string, body: unknown) => this.request('POST', path, body);
  patch = (path: string, body: unknown) => this.request('PATCH', path, body);

  /** The newest 6-digit sign-in code this host's business sent to `to` (DEV_OUTBOX=1). */
  async code(to: string): Promise<string> {
    for (let tries = 0; tries < 50; tries++) {
      const answer = await this.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
      const body = (answer.json.data as { body: string }[] | undefined)?.[0]?.body;
      const code = body && /\b(\d{6})\b/.exec(body)?.[1];
      if (code) return code;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`no code for ${to} on ${this.host}`);
  }

  /** Signs a rider (or, with `userType`, a driver) in by phone; with a name, as a booking sign-up. Answers the verify call. */
  async signInRider(number: string, userName?: string, userType = 'travelsx-user'): Promise<ApiAnswer> {
    const phone = { userType, countryCode: '91', phoneNumber: number };
    const sent = await this.post('/api/auth/otp/send', { ...phone, feature: 'login' });
    if (sent.status !== 200) throw new Error(`code not sent to ${number}: ${sent.status} ${JSON.stringify(sent.json)}`);
    const otp = await this.code(`+91${number}`);
    return this.post('/api/auth/otp/verify', { ...phone, otp, ...(userName === undefined ? { feature: 'login' } : { feature: 'booking-signup', userName }) });
  }
}
