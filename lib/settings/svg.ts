import 'server-only';
import { JSDOM } from 'jsdom';
import { settingsError } from './errors';

/*
 * SVG logos are sanitised before they are stored: parsed as XML (a malformed
 * file is refused), refused when they carry script (script elements, event
 * handler attributes, javascript: links), and stripped of everything that
 * reaches outside the file (links other than #fragments, url() other than
 * #fragments, @import, foreignObject and HTML, animations, processing
 * instructions and comments). What remains is serialised again.
 *
 * Rendering cost is bounded before anything renders (issue 35 §6): a `<use>`
 * may not point at a `<use>` or at anything holding one (no chains, no
 * cycles), the elements drawn, counting each `<use>`'s copy, are at most
 * SVG_MAX_ELEMENTS, and nesting is at most SVG_MAX_DEPTH deep. References
 * between definitions (a gradient, pattern or filter taking another as its
 * template by href; a pattern, mask or clip path whose content paints with
 * url(#…) or uses another element) may not loop and are at most
 * SVG_MAX_REFERENCE_CHAIN steps deep; a template href may only be a `#id`
 * in the same file, and a pattern may not <use> a pattern. CSS escapes
 * (`u\72l(`, `@\69mport`) and comments are resolved before CSS is checked, so
 * an escaped url() or @import is seen (and removed) like a plain one.
 */

/** Elements an SVG logo may draw, each `<use>` counting its referenced subtree again. */
export const SVG_MAX_ELEMENTS = 5_000;
/** Nesting depth of elements in an SVG logo. */
export const SVG_MAX_DEPTH = 50;

/** Steps of the longest chain of references between definitions (template hrefs, url(#…) and <use> in a definition's content). */
export const SVG_MAX_REFERENCE_CHAIN = 8;

const SVG_NS = 'http://www.w3.org/2000/svg';
const XLINK_NS = 'http://www.w3.org/1999/xlink';

/** Elements that run code: the file is refused. */
const SCRIPT_ELEMENTS = new Set(['script', 'handler', 'listener']);
/** Elements dropped with their content (embedding, animation that can rewrite links). */
const DROPPED_ELEMENTS = new Set([
  'foreignobject',
  'iframe',
  'object',
  'embed',
  'audio',
  'video',
  'animate',
  'set',
  'animatemotion',
  'animatetransform',
  'discard',
  'a',
]);
/** A CSS or attribute value reaching outside the file. */
const EXTERNAL_URL = /url\(\s*(?!['"]?#)[^)]*\)/gi;
const HAS_EXTERNAL_URL = /url\(\s*(?!['"]?#)[^)]*\)/i;

function refuseScript(): never {
  throw settingsError('logoSvgScript', 'logo');
}

/**
 * CSS as its parser reads it: comments out, escapes resolved (`\72 ` or
 * `\000072` to "r", `\i` to "i", an escaped newline out), so checks see
 * what the renderer would.
 */
export function unescapeCss(text: string): string {
  // until nothing changes: "\\72" read once leaves "\72", which the renderer would read again
  for (let previous = ''; previous !== text;) [previous, text] = [text, unescapeOnce(text)];
  return text;
}

function unescapeOnce(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?(?:\*\/|$)/g, '')
    .replace(/\\(?:([0-9a-fA-F]{1,6})[ \t\n\f]?|\r\n|([\s\S]))/g, (_, hex: string | undefined, char: string | undefined) => {
      if (hex) {
        const code = parseInt(hex, 16);
        return code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff) ? '\uFFFD' : String.fromCodePoint(code);
      }
      return char === undefined || char === '\n' || char === '\f' || char === '\r' ? '' : char;
    });
}

function cleanCss(raw: string): string {
  const text = unescapeCss(raw);
  if (/expression\s*\(|javascript:/i.test(text)) refuseScript();
  return text.replace(/@import[^;]*;?/gi, '').replace(EXTERNAL_URL, 'none');
}

/** Refuses the file when any element, kept or not, runs code. */
function refuseAnyScript(root: Element): void {
  for (const element of [root, ...Array.from(root.getElementsByTagName('*'))]) {
    if (SCRIPT_ELEMENTS.has(element.localName.toLowerCase())) refuseScript();
    for (const attribute of Array.from(element.attributes)) {
      if (attribute.localName.toLowerCase().startsWith('on')) refuseScript();
      if (/^(?:javascript|vbscript):/i.test(attribute.value.replace(/[\u0000-\u0020]/g, ''))) refuseScript();
    }
  }
}

function cleanElement(element: Element): void {
  const name = element.localName.toLowerCase();
  if (element.namespaceURI !== SVG_NS || DROPPED_ELEMENTS.has(name)) {
    // a wrapper link keeps its drawing; anything else goes with its content
    if (name === 'a' && element.namespaceURI === SVG_NS) element.replaceWith(...Array.from(element.childNodes));
    else element.remove();
    return;
  }
  for (const attribute of Array.from(element.attributes)) {
    const attr = attribute.localName.toLowerCase();
    const value = attribute.value.trim();
    if (attr === 'href' || attribute.namespaceURI === XLINK_NS) {
      if (!value.startsWith('#')) element.removeAttributeNode(attribute);
      continue;
    }
    if (attr === 'style') element.setAttribute(attribute.name, cleanCss(value));
    else {
      // presentation attributes are CSS values too: escapes resolved before the check
      const css = value.includes('\\') ? unescapeCss(value) : value;
      if (HAS_EXTERNAL_URL.test(css)) element.setAttribute(attribute.name, css.replace(EXTERNAL_URL, 'none'));
      else if (css !== value) element.setAttribute(attribute.name, css);
    }
  }
  if (name === 'style') element.textContent = cleanCss(element.textContent ?? '');
  for (const child of Array.from(element.childNodes)) {
    if (child.nodeType === child.ELEMENT_NODE) cleanElement(child as Element);
    else if (child.nodeType === child.PROCESSING_INSTRUCTION_NODE || child.nodeType === child.COMMENT_NODE) child.remove();
  }
}

function refuseComplex(): never {
  throw settingsError('logoSvgComplex', 'logo');
}

/** The `#id` a `<use>` points at (href or xlink:href), if any. */
function targetIdOf(element: Element): string | undefined {
  const href = element.getAttribute('href') ?? element.getAttributeNS(XLINK_NS, 'href');
  return href?.trim().startsWith('#') ? href.trim().slice(1) : undefined;
}

function refuseReferences(): never {
  throw settingsError('logoSvgReferences', 'logo', 'invalid', { max: SVG_MAX_REFERENCE_CHAIN });
}

/** Elements whose href names a template they inherit from (SVG 1.1 §13.2, §13.3, §15.3). */
const TEMPLATE_ELEMENTS = new Set(['lineargradient', 'radialgradient', 'pattern', 'filter']);
/** A local reference `#id`; anything else in a template href reaches outside the file. */
const LOCAL_REF = /^#([^\s#]+)$/;
const URL_REF = /url\(\s*['"]?#([^'")\s]+)['"]?\s*\)/g;

/** The ids an element itself refers to: its href (or xlink:href) and every url(#id) in its attributes, escapes resolved. */
function referencesOf(element: Element): string[] {
  const ids: string[] = [];
  for (const attribute of Array.from(element.attributes)) {
    const value = attribute.value.trim();
    if (attribute.localName === 'href' && (attribute.namespaceURI === null || attribute.namespaceURI === XLINK_NS)) {
      const local = LOCAL_REF.exec(value);
      if (local) ids.push(local[1]);
      else if (TEMPLATE_ELEMENTS.has(element.localName.toLowerCase()) && value !== '') {
        throw settingsError('logoSvgExternal', 'logo');
      }
      continue;
    }
    if (!value.includes('url(') && !value.includes('\\')) continue;
    for (const match of (value.includes('\\') ? unescapeCss(value) : value).matchAll(URL_REF)) ids.push(match[1]);
  }
  return ids;
}

/**
 * Refuses references between definitions that loop or chain more than
 * SVG_MAX_REFERENCE_CHAIN steps, a template href outside the file
 * (logoSvgExternal) and a pattern that <use>s a pattern. A referenced
 * element refers on to everything its own subtree refers to (a pattern's
 * content painting with another pattern); nesting is at most SVG_MAX_DEPTH,
 * so collecting those costs at most that many passes over the elements.
 * References inside <style> rules are not followed (the renderer still
 * stops at a loop itself).
 */
function refuseReferenceChains(elements: Element[], byId: Map<string, Element>): void {
  const direct = new Map<Element, string[]>();
  for (const element of elements) {
    const ids = referencesOf(element);
    if (ids.length) direct.set(element, ids);
  }
  const referenced = new Set<Element>();
  for (const ids of direct.values()) for (const id of ids) if (byId.has(id)) referenced.add(byId.get(id)!);
  // each referenced element's outgoing references: its own and its subtree's
  const edges = new Map<Element, Set<Element>>();
  for (const node of referenced) edges.set(node, new Set());
  for (const [element, ids] of direct) {
    const targets = ids.map((id) => byId.get(id)).filter((target): target is Element => target !== undefined);
    for (let holder: Element | null = element; holder; holder = holder.parentElement) {
      const out = edges.get(holder);
      if (out) for (const target of targets) out.add(target);
      if (holder.localName === 'pattern' && element !== holder && element.localName === 'use' && targets.some((target) => target.localName === 'pattern'))
        refuseReferences();
    }
  }
  // longest chain from each referenced element, refusing a loop (depth-first, iterative: a long chain cannot overflow the stack)
  const chain = new Map<Element, number>();
  const onPath = new Set<Element>();
  for (const start of referenced) {
    if (chain.has(start)) continue;
    const stack: { node: Element; next: Iterator<Element> }[] = [{ node: start, next: edges.get(start)!.values() }];
    onPath.add(start);
    while (stack.length) {
      const top = stack[stack.length - 1];
      const step = top.next.next();
      if (step.done) {
        let longest = 0;
        for (const target of edges.get(top.node)!) longest = Math.max(longest, 1 + (chain.get(target) ?? 0));
        if (longest > SVG_MAX_REFERENCE_CHAIN) refuseReferences();
        chain.set(top.node, longest);
        onPath.delete(top.node);
        stack.pop();
        continue;
      }
      const target = step.value;
      if (onPath.has(target)) refuseReferences();
      if (chain.has(target)) continue;
      onPath.add(target);
      stack.push({ node: target, next: edges.get(target)!.values() });
    }
  }
}

/**
 * Refuses a drawing whose rendering would cost more than a logo should: a
 * `<use>` pointing at a `<use>`, at an element holding one, or at its own
 * ancestor; more than SVG_MAX_ELEMENTS elements once each `<use>` counts its
 * copy; nesting deeper than SVG_MAX_DEPTH. Runs before anything renders.
 */
function refuseExpensive(root: Element): void {
  const elements = [root, ...Array.from(root.getElementsByTagName('*'))];
  if (elements.length > SVG_MAX_ELEMENTS) refuseComplex();
  const byId = new Map<string, Element>();
  for (const element of elements) {
    const id = element.getAttribute('id');
    if (id && !byId.has(id)) byId.set(id, element);
    let depth = 0;
    for (let parent = element.parentElement; parent; parent = parent.parentElement) if (++depth > SVG_MAX_DEPTH) refuseComplex();
  }
  let drawn = elements.length;
  for (const use of elements) {
    if (use.localName !== 'use' || use.namespaceURI !== SVG_NS) continue;
    const id = targetIdOf(use);
    const target = id === undefined ? undefined : byId.get(id);
    if (!target) continue;
    if ((target.localName === 'use' && target.namespaceURI === SVG_NS) || target.getElementsByTagNameNS(SVG_NS, 'use').length > 0 || target.contains(use))
      refuseComplex();
    drawn += 1 + target.getElementsByTagName('*').length;
    if (drawn > SVG_MAX_ELEMENTS) refuseComplex();
  }
  refuseReferenceChains(elements, byId);
}

/** The stored form of an uploaded SVG logo; refuses script (logoSvgScript), drawings too costly to render (logoSvgComplex), definitions referring in a loop or a long chain (logoSvgReferences) or outside the file (logoSvgExternal) and anything that is not an SVG document (logoMalformed). */
export function sanitizeSvg(bytes: Uint8Array): string {
  // a plain DOCTYPE (as drawing programs write) goes; entity declarations (billion laughs, external entities) are refused
  const text = new TextDecoder('utf-8', { fatal: false })
    .decode(bytes)
    .replace(/^\uFEFF/, '')
    .replace(/<!DOCTYPE[^>[]*>/i, '');
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) throw settingsError('logoMalformed', 'logo');
  if (/<script[\s>/]/i.test(text)) refuseScript();
  // more start tags than a logo may draw: refused before the parser builds them
  if ((text.match(/<[A-Za-z]/g)?.length ?? 0) > SVG_MAX_ELEMENTS) refuseComplex();
  let document: Document;
  try {
    document = new JSDOM(text, { contentType: 'image/svg+xml' }).window.document;
  } catch {
    throw settingsError('logoMalformed', 'logo');
  }
  const root = document.documentElement;
  if (!root || root.localName !== 'svg' || root.namespaceURI !== SVG_NS) throw settingsError('logoMalformed', 'logo');
  refuseAnyScript(root);
  refuseExpensive(root);
  cleanElement(root);
  for (const child of Array.from(document.childNodes)) if (child !== root) child.remove();
  return new document.defaultView!.XMLSerializer().serializeToString(root);
}
