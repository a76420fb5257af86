import 'server-only';
import { jsdomClass } from '@/lib/media/jsdom';
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
 * url(#…) or uses another element, in attributes or in `<style>` rules, or
 * inherits a fill, stroke or marker from an ancestor) may not loop and are at
 * most SVG_MAX_REFERENCE_CHAIN steps deep; a template href may only be a `#id`
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

/** Properties whose value the content of a pattern, marker, mask or clip path inherits from the definition's ancestors. */
const INHERITED = new Set(['fill', 'stroke', 'marker', 'marker-start', 'marker-mid', 'marker-end']);

/** What one element refers to: template ids (href), url(#id) ids of all its properties, and those of inherited properties. */
type Refs = { template: string[]; urls: string[]; inherited: string[] };

const urlIds = (value: string): string[] => Array.from((value.includes('\\') ? unescapeCss(value) : value).matchAll(URL_REF), (match) => match[1]);

/** The url(#id) ids of a declaration block, and those of inherited properties (a part without a property name counts as inherited). */
function declarationRefs(body: string, into: Refs): void {
  for (const part of body.split(';')) {
    const ids = urlIds(part);
    if (!ids.length) continue;
    into.urls.push(...ids);
    const property = /^\s*([\w-]+)\s*:/.exec(part)?.[1].toLowerCase();
    if (property === undefined || INHERITED.has(property)) into.inherited.push(...ids);
  }
}

/** The ids an element itself refers to: its href (or xlink:href) and every url(#id) in its attributes, escapes resolved. */
function referencesOf(element: Element): Refs {
  const refs: Refs = { template: [], urls: [], inherited: [] };
  for (const attribute of Array.from(element.attributes)) {
    const value = attribute.value.trim();
    if (attribute.localName === 'href' && (attribute.namespaceURI === null || attribute.namespaceURI === XLINK_NS)) {
      const local = LOCAL_REF.exec(value);
      if (local) refs.template.push(local[1]);
      else if (TEMPLATE_ELEMENTS.has(element.localName.toLowerCase()) && value !== '') {
        throw settingsError('logoSvgExternal', 'logo');
      }
      continue;
    }
    if (!value.includes('url(') && !value.includes('\\')) continue;
    const name = attribute.localName.toLowerCase();
    if (name === 'style') declarationRefs(value.includes('\\') ? unescapeCss(value) : value, refs);
    else declarationRefs(`${name}: ${value}`, refs);
  }
  return refs;
}

/** Group rules whose blocks hold ordinary style rules; any other at-rule's declarations count for every element. */
const GROUP_RULES = /^@(?:media|supports|layer|container|document)\b/i;
/** Style rules carrying url(#…) whose selectors are matched one by one, and the references they may hand out to elements in all; beyond either, their references count for every element. */
const STYLE_RULES_MATCHED = 200;
const STYLE_REFERENCES_MATCHED = 100_000;

/** The declaration blocks of a style sheet, each with the preludes (selectors, at-rules) around it, outermost first; strings kept whole. */
function styleBlocks(css: string): { preludes: string[]; body: string }[] {
  const blocks: { preludes: string[]; body: string }[] = [];
  const stack: { prelude: string; body: string }[] = [];
  // the text since the last `;`, `{` or `}`: a declaration, or the prelude of the block it opens
  let segment = '';
  const close = () => {
    const open = stack.pop()!;
    blocks.push({ preludes: [...stack.map((level) => level.prelude), open.prelude], body: open.body + segment });
    segment = '';
  };
  for (let i = 0; i < css.length; i++) {
    const char = css[i];
    if (char === '"' || char === "'") {
      // a string runs to its quote or the line's end (a bad string ends there in CSS)
      let end = i + 1;
      while (end < css.length && css[end] !== char && css[end] !== '\n') end += css[end] === '\\' ? 2 : 1;
      segment += css.slice(i, end + 1);
      i = end;
    } else if (char === '\\') {
      segment += css.slice(i, i + 2);
      i++;
    } else if (char === ';') {
      if (stack.length) stack[stack.length - 1].body += `${segment};`;
      segment = '';
    } else if (char === '{') {
      stack.push({ prelude: segment.trim(), body: '' });
      segment = '';
    } else if (char === '}') {
      if (stack.length) close();
      else segment = '';
    } else segment += char;
  }
  // an unclosed block ends with the sheet, as CSS parsers close it
  while (stack.length) close();
  return blocks;
}

/**
 * The references of `<style>` rules, as the sanitised sheet will read (CSS
 * escapes and comments resolved, @import and outside url() gone): each
 * rule's url(#…) ids added to the elements its selector selects, matched
 * with the DOM's own selector engine. Matching stays on the safe side: a
 * state pseudo-class or pseudo-element (`:hover`, `::before`) matches as if
 * always on; a selector holding `:not(` or a quoted value, or one the engine cannot read, a
 * declaration outside a plain rule (@font-face, @keyframes, a nested rule),
 * a url(#…) the rules do not account for, and every rule past
 * STYLE_RULES_MATCHED or STYLE_REFERENCES_MATCHED count for every element
 * (`everywhere`).
 */
function styleReferences(root: Element, elements: Element[]): { byElement: Map<Element, Refs>; everywhere: Refs } {
  const byElement = new Map<Element, Refs>();
  const everywhere: Refs = { template: [], urls: [], inherited: [] };
  const seen = new Set<string>();
  let matched = 0;
  let handedOut = 0;
  for (const style of elements) {
    if (style.localName.toLowerCase() !== 'style') continue;
    const css = cleanCss(style.textContent ?? '');
    if (!css.includes('url(')) continue;
    const accounted = new Set<string>();
    for (const { preludes, body } of styleBlocks(css)) {
      const refs: Refs = { template: [], urls: [], inherited: [] };
      declarationRefs(body, refs);
      if (!refs.urls.length) continue;
      refs.urls = [...new Set(refs.urls)];
      refs.inherited = [...new Set(refs.inherited)];
      for (const id of refs.urls) accounted.add(id);
      const selector = preludes.filter((prelude) => !GROUP_RULES.test(prelude));
      const key = `${selector.join('{')}{${refs.urls.join(',')}|${refs.inherited.join(',')}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const selected =
        selector.length === 1 && handedOut <= STYLE_REFERENCES_MATCHED && ++matched <= STYLE_RULES_MATCHED ? selectAtMost(root, selector[0]) : undefined;
      handedOut += (selected?.length ?? 0) * refs.urls.length;
      const targets = handedOut <= STYLE_REFERENCES_MATCHED ? selected : undefined;
      if (!targets) {
        everywhere.urls.push(...refs.urls);
        everywhere.inherited.push(...refs.inherited);
        continue;
      }
      for (const target of targets) {
        let into = byElement.get(target);
        if (!into) byElement.set(target, (into = { template: [], urls: [], inherited: [] }));
        into.urls.push(...refs.urls);
        into.inherited.push(...refs.inherited);
      }
    }
    const unaccounted = urlIds(css).filter((id) => !accounted.has(id));
    everywhere.urls.push(...unaccounted);
    everywhere.inherited.push(...unaccounted);
  }
  return { byElement, everywhere };
}

/** The elements a selector may select, state pseudo-classes and pseudo-elements read as always on; undefined when that cannot be told. */
function selectAtMost(root: Element, selector: string): Element[] | undefined {
  // :not( selects more when a pseudo in it is dropped; a quoted value may hold a colon that is no pseudo
  if (selector === '' || /:not\(|["']/i.test(selector)) return undefined;
  // a pseudo without arguments (:hover, ::before, :first-child) dropped: a selector without it selects at least as much
  const loose = selector.replace(/::?[a-zA-Z_-][\w-]*(?![\w(-])/g, ':is(*)');
  try {
    const found = Array.from(root.querySelectorAll(loose));
    return root.matches(loose) ? [root, ...found] : found;
  } catch {
    return undefined;
  }
}

const GRADIENTS = new Set(['lineargradient', 'radialgradient']);
/** The node standing for the gradients every element refers to (styleReferences' `everywhere`). */
const EVERYWHERE = Symbol('everywhere');

/**
 * Refuses references between definitions that loop or chain more than
 * SVG_MAX_REFERENCE_CHAIN steps, a template href outside the file
 * (logoSvgExternal) and a pattern that <use>s a pattern. A referenced
 * element refers on to everything its own subtree refers to (a pattern's
 * content painting with another pattern), whether written in attributes or
 * in `<style>` rules (styleReferences), and to what its ancestors' inherited
 * properties (fill, stroke, markers) refer to, which its content inherits. A
 * gradient refers on only by its template href: its stops paint nothing.
 * Nesting is at most SVG_MAX_DEPTH, so collecting those costs at most that
 * many passes over the elements.
 */
function refuseReferenceChains(root: Element, elements: Element[], byId: Map<string, Element>): void {
  const styled = styleReferences(root, elements);
  const known = (ids: Iterable<string>) => Array.from(new Set(ids), (id) => byId.get(id)).filter((target): target is Element => target !== undefined);
  const direct = new Map<Element, Refs>();
  for (const element of elements) {
    const refs = referencesOf(element);
    const rules = styled.byElement.get(element);
    if (rules) {
      refs.urls.push(...rules.urls);
      refs.inherited.push(...rules.inherited);
    }
    if (refs.template.length || refs.urls.length) direct.set(element, refs);
  }
  // what every element refers to: a definition among them refers to itself (a loop); gradients are one node all others refer to
  const everywhere = known(styled.everywhere.urls);
  if (everywhere.some((target) => !GRADIENTS.has(target.localName.toLowerCase()))) refuseReferences();
  const referenced = new Set<Element>(everywhere);
  for (const refs of direct.values()) for (const target of known([...refs.template, ...refs.urls])) referenced.add(target);
  // each referenced element's outgoing references: its own, its subtree's and its ancestors' inherited ones
  const edges = new Map<Element | typeof EVERYWHERE, Set<Element | typeof EVERYWHERE>>();
  for (const node of referenced) edges.set(node, new Set(everywhere.length && !GRADIENTS.has(node.localName.toLowerCase()) ? [EVERYWHERE] : []));
  edges.set(EVERYWHERE, new Set(everywhere));
  for (const [element, refs] of direct) {
    const template = known(refs.template);
    const targets = [...template, ...known(refs.urls)];
    for (let holder: Element | null = element; holder; holder = holder.parentElement) {
      const out = edges.get(holder);
      if (out) for (const target of GRADIENTS.has(holder.localName.toLowerCase()) ? (holder === element ? template : []) : targets) out.add(target);
      if (holder.localName === 'pattern' && element !== holder && element.localName === 'use' && targets.some((target) => target.localName === 'pattern'))
        refuseReferences();
    }
  }
  for (const node of referenced) {
    if (GRADIENTS.has(node.localName.toLowerCase())) continue;
    for (let ancestor = node.parentElement; ancestor; ancestor = ancestor.parentElement) {
      const inherited = direct.get(ancestor)?.inherited;
      if (inherited?.length) for (const target of known(inherited)) edges.get(node)!.add(target);
    }
  }
  // longest chain from each referenced element, refusing a loop (depth-first, iterative: a long chain cannot overflow the stack);
  // the step to EVERYWHERE is no reference of its own, so it adds nothing to a chain
  const steps = (target: Element | typeof EVERYWHERE) => (target === EVERYWHERE ? 0 : 1);
  const chain = new Map<Element | typeof EVERYWHERE, number>();
  const onPath = new Set<Element | typeof EVERYWHERE>();
  for (const start of edges.keys()) {
    if (chain.has(start)) continue;
    const stack: { node: Element | typeof EVERYWHERE; next: Iterator<Element | typeof EVERYWHERE> }[] = [{ node: start, next: edges.get(start)!.values() }];
    onPath.add(start);
    while (stack.length) {
      const top = stack[stack.length - 1];
      const step = top.next.next();
      if (step.done) {
        let longest = 0;
        for (const target of edges.get(top.node)!) longest = Math.max(longest, steps(target) + (chain.get(target) ?? 0));
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
  refuseReferenceChains(root, elements, byId);
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
  const JSDOM = jsdomClass();
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
