import { JSDOM } from 'jsdom';
import { NextRequest } from 'next/server';
import sharp from 'sharp';

/** Payloads from the OWASP XSS filter evasion cheat sheet and known sanitiser bypasses. */
export const XSS_PAYLOADS: readonly string[] = [
  '<script>window.__xss=1</script>',
  '<SCRIPT SRC=http://xss.rocks/xss.js></SCRIPT>',
  '<img src=x onerror="window.__xss=1">',
  '<svg onload=window.__xss=1>',
  '<svg><script>window.__xss=1</script></svg>',
  '<svg><a xlink:href="javascript:window.__xss=1"><text x="20" y="20">svg link</text></a></svg>',
  '<iframe src="javascript:window.__xss=1"></iframe>',
  '<iframe srcdoc="<script>window.__xss=1</script>"></iframe>',
  '<a href="javascript:window.__xss=1">plain</a>',
  '<a href="JaVaScRiPt:window.__xss=1">mixed case</a>',
  '<a href="jav&#x09;ascript:window.__xss=1">tab entity</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;window.__xss=1">decimal entities</a>',
  '<a href="&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A;window.__xss=1">hex entities</a>',
  '<a href="  javascript:window.__xss=1">leading space</a>',
  '<a href="java\u0000script:window.__xss=1">null byte</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD53aW5kb3cuX194c3M9MTwvc2NyaXB0Pg==">data url</a>',
  '<a href="vbscript:msgbox(1)">vbscript</a>',
  '<a href="//evil.example/steal">protocol relative</a>',
  '<a href="https://ok.example/" onclick="window.__xss=1" target="_blank" rel="opener" style="color:red">kept link</a>',
  '<p style="background:url(javascript:window.__xss=1)">styled</p>',
  '<style>body{background:url("javascript:window.__xss=1")}</style>',
  '<body onload=window.__xss=1>',
  '<div onmouseover="window.__xss=1">hover</div>',
  '<object data="javascript:window.__xss=1"></object>',
  '<embed src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<math><mtext><table><mglyph><style><img src=x onerror=window.__xss=1>',
  '<noscript><p title="</noscript><img src=x onerror=window.__xss=1>">',
  '<form action="javascript:window.__xss=1"><input type=submit></form>',
  '<details open ontoggle=window.__xss=1>',
  '<meta http-equiv="refresh" content="0;url=javascript:window.__xss=1">',
  '<base href="javascript:window.__xss=1//">',
  '<img src="data:image/svg+xml,<svg onload=window.__xss=1>">',
  '<scr<script>ipt>window.__xss=1</scr</script>ipt>',
  '"><script>window.__xss=1</script>',
  '<!--<img src="--><img src=x onerror=window.__xss=1//">',
  '<template><script>window.__xss=1</script></template>',
  '<h1 onclick="window.__xss=1" class="x" id="y">heading</h1>',
  '<textarea><script>window.__xss=1</script></textarea>',
  '<xmp><img src=x onerror=window.__xss=1></xmp>',
  '<video><source onerror="window.__xss=1"></video>',
  '<link rel=stylesheet href="javascript:window.__xss=1">',
  '<isindex action=javascript:window.__xss=1 type=image>',
  '<input autofocus onfocus=window.__xss=1>',
  '<marquee onstart=window.__xss=1>',
  '<a href="mailto:ops@example.com?subject=<script>">mail</a>',
];

const ALLOWED = new Set(['H1', 'H2', 'H3', 'H4', 'P', 'UL', 'OL', 'LI', 'STRONG', 'EM', 'A']);
const SCHEMES = new Set(['http:', 'https:', 'mailto:']);

/** Problems that would let HTML act: a tag off the allowlist, any attribute but href/rel, or a link to another scheme. */
export function activeParts(html: string): string[] {
  const { document } = new JSDOM(`<!doctype html><body>${html}</body>`).window;
  const problems: string[] = [];
  for (const el of Array.from(document.body.querySelectorAll('*'))) {
    if (!ALLOWED.has(el.tagName)) problems.push(`tag ${el.tagName}`);
    for (const attr of Array.from(el.attributes)) {
      if (el.tagName === 'A' && attr.name === 'rel' && attr.value === 'nofollow') continue;
      if (el.tagName === 'A' && attr.name === 'href') {
        const scheme = /^([a-z][a-z0-9+.-]*:)/i.exec(attr.value.trim())?.[1]?.toLowerCase();
        if (!scheme || !SCHEMES.has(scheme)) problems.push(`href ${attr.value}`);
        continue;
      }
      problems.push(`attribute ${el.tagName}[${attr.name}]`);
    }
  }
  return problems;
}

export const HOST_A = 'localhost:3000';
export const HOST_B = 'acme.localhost:3000';

type Handler = (req: NextRequest, ctx: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;

export async function callJson(
  handler: Handler,
  method: string,
  path: string,
  { body, cookie = '', host = HOST_A, params = {} }: { body?: unknown; cookie?: string; host?: string; params?: Record<string, string | string[]> } = {},
) {
  const req = new NextRequest(`http://${host}${path}`, {
    method,
    body: body === undefined ? undefined : JSON.stringify(body),
    headers: { host, origin: `http://${host}`, 'content-type': 'application/json', cookie },
  });
  const res = await handler(req, { params: Promise.resolve(params) });
  return { status: res.status, json: await res.json() };
}

/** A multipart upload of `bytes` as field `file`. */
export async function callUpload(
  handler: Handler,
  bytes: Uint8Array,
  { cookie = '', host = HOST_A, type = 'image/png', name = 'cover.png' }: { cookie?: string; host?: string; type?: string; name?: string } = {},
) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  const encoded = new Request('http://x/', { method: 'POST', body: form });
  const body = new Uint8Array(await encoded.arrayBuffer());
  const req = new NextRequest(`http://${host}/api/blog/images`, {
    method: 'POST',
    body,
    headers: { host, origin: `http://${host}`, 'content-type': encoded.headers.get('content-type')!, 'content-length': String(body.length), cookie },
  });
  const res = await handler(req, { params: Promise.resolve({}) });
  return { status: res.status, json: await res.json() };
}

/** A real picture in `format`, `width` x `height`. */
export async function picture(format: 'png' | 'jpeg' | 'webp', width = 64, height = 40, alpha = false): Promise<Buffer> {
  const image = sharp({
    create: { width, height, channels: alpha ? 4 : 3, background: alpha ? { r: 15, g: 118, b: 110, alpha: 0.5 } : { r: 15, g: 118, b: 110 } },
  });
  return image.toFormat(format).toBuffer();
}

/** A description of at least 100 characters of text. */
export const LONG_TEXT =
  '<h2>Airport transfers</h2><p>Book a cab to the airport with a fixed fare, a driver who tracks your flight and a clean car waiting at arrivals.</p>';
