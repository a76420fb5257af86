import type { BrowserContext, Page } from '@playwright/test';
import { shownText, type XssContext, type XssPayload } from './xss-payloads';

/** A payload that ran: its number and the frame it ran in. */
export type XssHit = { n: number; url: string };

/**
 * Installs the sentinel in every page and frame of the context: `__xss(n)`
 * reports to the test at once (so a hit just before a navigation still
 * counts), a frame of another origin may post "__xss:n" instead, and every
 * dialog (alert, confirm, prompt) is recorded and dismissed.
 */
export async function installSentinel(context: BrowserContext): Promise<{ hits: XssHit[]; dialogs: string[] }> {
  const hits: XssHit[] = [];
  const dialogs: string[] = [];
  await context.exposeBinding('__xss', ({ frame }, n: unknown) => {
    hits.push({ n: Number(n), url: frame.url() });
  });
  await context.addInitScript(() => {
    addEventListener('message', (event) => {
      const data: unknown = event.data;
      if (typeof data === 'string' && data.startsWith('__xss:')) (window as unknown as { __xss: (n: number) => void }).__xss(Number(data.slice(6)));
    });
  });
  const watch = (page: Page) =>
    page.on('dialog', (dialog) => {
      dialogs.push(`${dialog.type()}: ${dialog.message()}`);
      void dialog.dismiss().catch(() => undefined);
    });
  context.pages().forEach(watch);
  context.on('page', watch);
  return { hits, dialogs };
}

const json = (text: string) => JSON.stringify(text).replace(/</g, '\\u003c');

/** A deliberately vulnerable page that drops the payload, unescaped, into its context. */
export function vulnerablePage(payload: XssPayload): string {
  const p = payload.text;
  const templates: Record<XssContext, string> = {
    html: `<body>${p}</body>`,
    'attr-dq': `<body><input id=xss-target value="${p}"></body>`,
    'attr-sq': `<body><input id=xss-target value='${p}'></body>`,
    'attr-uq': `<body><input id=xss-target value=${p}></body>`,
    url: `<body><a id=xss-target href="${p}">link</a></body>`,
    'script-string': `<body><script>var s = "${p}";</script></body>`,
    'script-sq': `<body><script>var s = '${p}';</script></body>`,
    'script-naive-escape': `<body><script>var s = "${p.replace(/"/g, '\\"')}";</script></body>`,
    'json-ld': `<head><script type="application/ld+json">{"name":"${p}"}</script></head><body></body>`,
    title: `<head><title>${p}</title></head><body></body>`,
    textarea: `<body><textarea>${p}</textarea></body>`,
    style: `<head><style>${p}</style></head><body></body>`,
    template: `<body><script>${json(p)}.replace(/\\{\\{([\\s\\S]+?)\\}\\}|\\$\\{([\\s\\S]+?)\\}/g, (_, a, b) => String(Function('return (' + (a ?? b) + ')')()));</script></body>`,
    decoded: `<body><div id=d></div><script>const t = document.createElement('textarea'); t.innerHTML = ${json(p)}; d.innerHTML = t.value;</script></body>`,
    'url-decoded': `<body><div id=d></div><script>d.innerHTML = decodeURIComponent(${json(p)});</script></body>`,
    'js-decoded': `<body><script>document.write("${p}");</script></body>`,
    nfkc: `<body><script>document.write(${json(p)}.normalize('NFKC'));</script></body>`,
    filtered: `<body><script>document.write(${json(p)}.replace(/<\\/?script>/gi, ''));</script></body>`,
    reparsed: `<body><div id=d></div><script>const t = document.createElement('template'); t.innerHTML = ${json(p)}; d.innerHTML = t.innerHTML;</script></body>`,
  };
  return `<!doctype html><html>${templates[payload.context]}</html>`;
}

/** A text a page must show: a payload as one field shows it (e.g. "Cancellation reason: <payload>"). */
export type Needle = { n: number; text: string; field: string };

/** The payload as `field` shows it, inside the words around it (each `{}` stands for the payload, or a function writes the text). */
export function needles(field: string, payloads: readonly XssPayload[], around: string | ((text: string, payload: XssPayload) => string) = '{}'): Needle[] {
  return payloads.map((p) => {
    const text = shownText(p.text);
    return { n: p.n, field, text: shownText(typeof around === 'string' ? around.split('{}').join(text) : around(text, p)) };
  });
}

/** The page's rendered text (outside scripts and styles), whitespace collapsed: what the needles are looked for in. */
export async function renderedText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const parts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT, {
      acceptNode: (node) => (node.parentElement?.closest('script, style, template, noscript') ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT),
    });
    for (let node = walker.nextNode(); node; node = walker.nextNode()) parts.push(node.nodeValue ?? '');
    return parts.join(' ').replace(/\s+/g, ' ').trim();
  });
}

/** What a look found: needles not shown (field#n) and markup or URLs that could run script. */
export type Findings = { missing: string[]; active: string[] };

/**
 * Checks the page as rendered (or, given `html`, that server-rendered document
 * as parsed): each needle is present in its rendered text
 * (text nodes outside scripts and styles, the title, form control values), and
 * no element carries an event-handler attribute, a script URL, a srcdoc, a
 * frame, a <base> or a refresh; every JSON-LD block still parses.
 */
export async function inspectPage(page: Page, expected: readonly Needle[], html?: string): Promise<Findings> {
  return page.evaluate(
    ({ list, source }) => {
      // A server-rendered document is parsed as Chromium would parse it, without running it.
      const document = source === undefined ? window.document : new DOMParser().parseFromString(source, 'text/html');
      const norm = (text: string) => text.replace(/\s+/g, ' ').trim();
      // Rendered text only: the text of scripts (the framework's own data) does not count as shown.
      const parts: string[] = [document.title, ...[...document.querySelectorAll('meta[content]')].map((m) => m.getAttribute('content') ?? '')];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT, {
        acceptNode: (node) => (node.parentElement?.closest('script, style, template, noscript') ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT),
      });
      for (let node = walker.nextNode(); node; node = walker.nextNode()) parts.push(node.nodeValue ?? '');
      for (const el of document.querySelectorAll('input, textarea, select')) parts.push((el as HTMLInputElement).value);
      const text = norm(parts.join(' '));
      const missing = list.filter((needle) => !text.includes(needle.text)).map((needle) => `${needle.field}#${needle.n}`);
      const active: string[] = [];
      const scriptUrl = /^\s*(?:javascript|vbscript|data\s*:\s*text\/html)/i;
      for (const el of document.querySelectorAll('*')) {
        for (const attr of el.attributes) {
          const name = attr.name.toLowerCase();
          if (name.startsWith('on')) active.push(`<${el.localName} ${name}>`);
          if (
            ['href', 'src', 'action', 'formaction', 'data', 'xlink:href', 'srcdoc', 'poster', 'background'].includes(name) &&
            (name === 'srcdoc' || scriptUrl.test(attr.value.replace(/[\u0000-\u001f]/g, '')))
          ) {
            active.push(`<${el.localName} ${name}="${attr.value.slice(0, 60)}">`);
          }
        }
        if (el.localName === 'base' || (el.localName === 'meta' && el.getAttribute('http-equiv')?.toLowerCase() === 'refresh'))
          active.push(`<${el.localName}>`);
        if (['iframe', 'object', 'embed', 'frame'].includes(el.localName)) active.push(`<${el.localName}>`);
      }
      for (const script of document.querySelectorAll('script[type="application/ld+json"]')) {
        try {
          JSON.parse(script.textContent ?? '');
        } catch {
          active.push('JSON-LD that does not parse');
        }
      }
      // Parsed, not run: an inline script other than JSON-LD and the framework's own data is injected.
      if (source !== undefined) {
        for (const script of document.querySelectorAll('script:not([src]):not([type="application/ld+json"])')) {
          const code = script.textContent ?? '';
          if (code.includes('__xss') && !/^\s*\(?self\.__next_f/.test(code)) active.push(`<script>${code.slice(0, 60)}`);
        }
      }
      return { missing, active };
    },
    { list: expected, source: html },
  );
}
