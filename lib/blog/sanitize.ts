import 'server-only';
import createDOMPurify, { type Config, type DOMPurify } from 'dompurify';
import { jsdomClass } from '@/lib/media/jsdom';
import { decodeEntities } from './schemas';

/*
 * Blog HTML allowlist (docs/requirements/partner.md#writing-the-blog: sanitised on write and on render), by
 * DOMPurify on a server-side jsdom window: h1-h3, p, ul, ol, li, strong, em
 * and links (http, https, mailto; always rel="nofollow"). No other tag and no
 * other attribute survives; the content of script-like elements is dropped,
 * the text of other unknown tags is kept.
 */

const ALLOWED_TAGS = ['h1', 'h2', 'h3', 'p', 'ul', 'ol', 'li', 'strong', 'em', 'a'];
/** Elements whose content is code or markup, never readable text. */
const DROPPED_WITH_CONTENT = [
  'script',
  'style',
  'textarea',
  'option',
  'select',
  'noscript',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'svg',
  'math',
  'template',
  'title',
  'head',
  'xmp',
  'noembed',
  'noframes',
  'plaintext',
  'canvas',
  'audio',
  'video',
];
const BLOCKS = new Set(['H1', 'H2', 'H3', 'H4', 'P', 'UL', 'OL', 'LI']);

const CONFIG: Config = {
  // b and i are let through only to be renamed strong and em below.
  ALLOWED_TAGS: [...ALLOWED_TAGS, 'b', 'i'],
  ALLOWED_ATTR: ['href'],
  ALLOWED_URI_REGEXP: /^(?:https?:|mailto:)/i,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  KEEP_CONTENT: true,
  FORBID_CONTENTS: DROPPED_WITH_CONTENT,
  WHOLE_DOCUMENT: false,
};

type Purifier = { purify: DOMPurify; document: Document };
let purifier: Purifier | undefined;

function instance(): Purifier {
  if (purifier) return purifier;
  const JSDOM = jsdomClass();
  const { window } = new JSDOM('<!doctype html><body></body>');
  const purify = createDOMPurify(window as unknown as Parameters<typeof createDOMPurify>[0]);
  purify.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName !== 'A') return;
    const href = node.getAttribute('href');
    // Relative, protocol-relative and fragment links are not allowed: only absolute http(s) and mailto.
    if (href && !/^(?:https?:\/\/|mailto:)/i.test(href.trim())) node.removeAttribute('href');
    // Markup characters stay out of attribute values (serialisers leave < and > unescaped there).
    else if (href)
      node.setAttribute(
        'href',
        href.trim().replace(/[<>"'`\s]/g, (c) => encodeURIComponent(c)),
      );
    if (node.hasAttribute('href')) node.setAttribute('rel', 'nofollow');
  });
  purifier = { purify, document: window.document };
  return purifier;
}

/** Replaces every `from` element of the fragment by a `to` element with the same children. */
function rename(fragment: DocumentFragment, document: Document, from: string, to: string): void {
  for (const element of Array.from(fragment.querySelectorAll(from))) {
    const replacement = document.createElement(to);
    while (element.firstChild) replacement.appendChild(element.firstChild);
    element.replaceWith(replacement);
  }
}

function sanitizedFragment(html: string): { fragment: DocumentFragment; document: Document } {
  const { purify, document } = instance();
  const fragment = purify.sanitize(html, { ...CONFIG, RETURN_DOM_FRAGMENT: true });
  rename(fragment, document, 'b', 'strong');
  rename(fragment, document, 'i', 'em');
  return { fragment, document };
}

function serialize(fragment: DocumentFragment, document: Document): string {
  const holder = document.createElement('div');
  holder.appendChild(fragment);
  return holder.innerHTML.trim();
}

/** The stored form of a post's description. */
export function sanitizeBlogHtml(html: string): string {
  const { fragment, document } = sanitizedFragment(html);
  return serialize(fragment, document);
}

const isBlock = (node: Node) => BLOCKS.has(node.nodeName);
const isBlank = (node: Node) => node.nodeType === 3 && !(node.textContent ?? '').trim();

/** Top-level text typed as plain lines (docs/requirements/partner.md#writing-the-blog): each line of a run of inline content holding line breaks becomes a paragraph. */
function paragraphLines(fragment: DocumentFragment, document: Document): void {
  const runs: Node[][] = [[]];
  for (const node of Array.from(fragment.childNodes)) {
    if (isBlock(node)) runs.push([]);
    else runs[runs.length - 1].push(node);
  }
  for (const run of runs) {
    if (!run.some((node) => node.nodeType === 3 && /\S[^\S\n]*\n|\n[^\S\n]*\S/.test(node.textContent ?? ''))) continue;
    const anchor = run[run.length - 1].nextSibling;
    const paragraphs: HTMLElement[] = [document.createElement('p')];
    for (const node of run) {
      if (node.nodeType !== 3) {
        paragraphs[paragraphs.length - 1].appendChild(node);
        continue;
      }
      fragment.removeChild(node);
      (node.textContent ?? '').split(/\s*\n\s*/).forEach((line, index) => {
        if (index > 0) paragraphs.push(document.createElement('p'));
        if (line) paragraphs[paragraphs.length - 1].appendChild(document.createTextNode(line));
      });
    }
    for (const p of paragraphs) if ((p.textContent ?? '').trim()) fragment.insertBefore(p, anchor);
  }
}

const comparable = (text: string) =>
  text
    .replace(/\s+/g, ' ')
    .replace(/[\s\p{P}]+$/u, '')
    .trim()
    .toLowerCase();

/** The page shows the title itself: a first block repeating it (a writer's h1) is left out. */
function dropTitle(fragment: DocumentFragment, title: string | undefined): void {
  if (!title) return;
  const first = Array.from(fragment.childNodes).find((node) => !isBlank(node));
  if (first && isBlock(first) && comparable(first.textContent ?? '') === comparable(title)) fragment.removeChild(first);
}

/** The description as a post page reads it: sanitised, plain lines as paragraphs, without a first block repeating `title`. */
function articleFragment(html: string, title?: string): { fragment: DocumentFragment; document: Document } {
  const { fragment, document } = sanitizedFragment(html);
  paragraphLines(fragment, document);
  dropTitle(fragment, title);
  return { fragment, document };
}

/** The rendered form: sanitised again, headings moved so the highest one is an h2 under the page's own h1 (no skipped level). */
export function renderBlogHtml(html: string, title?: string): string {
  const { fragment, document } = articleFragment(html, title);
  const top = [1, 2, 3].find((level) => fragment.querySelector(`h${level}`));
  if (top === 1) for (const level of [3, 2, 1]) rename(fragment, document, `h${level}`, `h${level + 1}`);
  if (top === 3) rename(fragment, document, 'h3', 'h2');
  return serialize(fragment, document);
}

const BLOCK_BREAK = '\u2029';

/** Text of each block of a description (headings, paragraphs, list items), in order. */
function blogBlocks(html: string, title?: string): string[] {
  const { fragment } = articleFragment(html, title);
  const parts: string[] = [];
  const walk = (node: Node) => {
    for (const child of Array.from(node.childNodes)) {
      if (child.nodeType === 3) parts.push(child.textContent ?? '');
      else {
        const isBlock = BLOCKS.has(child.nodeName);
        if (isBlock) parts.push(BLOCK_BREAK);
        walk(child);
        if (isBlock) parts.push(BLOCK_BREAK);
      }
    }
  };
  walk(fragment);
  return parts
    .join('')
    .split(BLOCK_BREAK)
    .map((block) => block.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
}

/** Plain text of a description, blocks separated by spaces (for length checks). */
export function blogText(html: string): string {
  return blogBlocks(html).join(' ');
}

/** Plain text that reads as prose: a block without closing punctuation (a heading) ends with a full stop before the next. */
export function blogProse(html: string, title?: string): string {
  return blogBlocks(html, title).reduce((text, block) => (text ? `${text}${/\p{P}$/u.test(text) ? '' : '.'} ${block}` : block), '');
}

/** Markup left in text once entities are decoded ("&lt;b&gt;", "&amp;lt;b&amp;gt;"), removed until none is left. */
const TAG_LIKE = /<\/?[a-z!?][^<>]*>/gi;

function withoutTags(text: string): string {
  let before: string;
  do {
    before = text;
    text = decodeEntities(text).replace(TAG_LIKE, '');
  } while (text !== before);
  return text.replace(/[^\S\n]+/g, ' ').trim();
}

/**
 * A generated description as the form's plain text (docs/requirements/partner.md#writing-the-blog): the
 * blocks of `html` as paragraphs separated by a blank line, without tags or entities, without a first
 * block repeating `title`, at most `max` characters.
 */
export function plainDescription(html: string, title: string, max: number): string {
  const text = blogBlocks(html, title).map(withoutTags).filter(Boolean).join('\n\n');
  return text.length <= max ? text : cutText(text, max);
}

const ELLIPSIS = '…';

/** At most `max` characters of a text, cut at a word boundary with an ellipsis (docs/requirements/crawler.md#blog-posts: meta description up to 155). */
export function cutText(text: string, max: number, locale?: string): string {
  if (text.length <= max) return text;
  let kept = '';
  for (const { segment } of new Intl.Segmenter(locale, { granularity: 'word' }).segment(text)) {
    if (kept.length + segment.length > max - ELLIPSIS.length) break;
    kept += segment;
  }
  // a single word longer than the limit is cut inside it rather than dropped
  if (!kept.trim()) kept = text.slice(0, max - ELLIPSIS.length);
  return `${kept.replace(/[\s\p{P}]+$/u, '')}${ELLIPSIS}`;
}
