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
 */

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

function cleanCss(text: string): string {
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
    else if (HAS_EXTERNAL_URL.test(value)) element.setAttribute(attribute.name, value.replace(EXTERNAL_URL, 'none'));
  }
  if (name === 'style') element.textContent = cleanCss(element.textContent ?? '');
  for (const child of Array.from(element.childNodes)) {
    if (child.nodeType === child.ELEMENT_NODE) cleanElement(child as Element);
    else if (child.nodeType === child.PROCESSING_INSTRUCTION_NODE || child.nodeType === child.COMMENT_NODE) child.remove();
  }
}

/** The stored form of an uploaded SVG logo; refuses script (logoSvgScript) and anything that is not an SVG document (logoMalformed). */
export function sanitizeSvg(bytes: Uint8Array): string {
  // a plain DOCTYPE (as drawing programs write) goes; entity declarations (billion laughs, external entities) are refused
  const text = new TextDecoder('utf-8', { fatal: false })
    .decode(bytes)
    .replace(/^\uFEFF/, '')
    .replace(/<!DOCTYPE[^>[]*>/i, '');
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) throw settingsError('logoMalformed', 'logo');
  if (/<script[\s>/]/i.test(text)) refuseScript();
  let document: Document;
  try {
    document = new JSDOM(text, { contentType: 'image/svg+xml' }).window.document;
  } catch {
    throw settingsError('logoMalformed', 'logo');
  }
  const root = document.documentElement;
  if (!root || root.localName !== 'svg' || root.namespaceURI !== SVG_NS) throw settingsError('logoMalformed', 'logo');
  refuseAnyScript(root);
  cleanElement(root);
  for (const child of Array.from(document.childNodes)) if (child !== root) child.remove();
  return new document.defaultView!.XMLSerializer().serializeToString(root);
}
