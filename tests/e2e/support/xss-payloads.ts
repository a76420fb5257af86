/*
 * The XSS corpus of the quality gates (issue 9, item 3). Every payload, if it
 * ever runs, calls the page's sentinel `__xss(n)` with its own number (or
 * posts `__xss:n` to its parent from a frame of another origin). Each names the
 * context it is written for and the user action it needs; the calibration test
 * of tests/e2e/xss.spec.ts renders each one unescaped in that context and
 * checks that it really fires, so a payload that could never run is not
 * counted as coverage.
 */

/**
 * Where a payload is live. html: raw markup in the body. attr-dq / attr-sq /
 * attr-uq: inside a double-, single- or unquoted attribute value. url: a link's
 * href. script-string: a double-quoted JS string. script-sq: a single-quoted
 * JS string. json-ld: a string inside a JSON-LD script. title, textarea, style:
 * the text of those elements. template: a client template that evaluates
 * {{ }} and ${ }. decoded: markup HTML-decoded once before use. url-decoded:
 * decodeURIComponent before use. js-decoded: written by document.write from a
 * JS string literal. nfkc: NFKC-normalised before use. filtered: after a
 * filter that strips <script> tags once. script-naive-escape: a JS string
 * whose quotes (only) are backslash-escaped. reparsed: markup parsed,
 * serialised and parsed again (what a sanitiser's round trip does).
 */
export type XssContext =
  | 'html'
  | 'attr-dq'
  | 'attr-sq'
  | 'attr-uq'
  | 'url'
  | 'script-string'
  | 'script-sq'
  | 'json-ld'
  | 'title'
  | 'textarea'
  | 'style'
  | 'template'
  | 'decoded'
  | 'url-decoded'
  | 'js-decoded'
  | 'nfkc'
  | 'filtered'
  | 'reparsed'
  | 'script-naive-escape';

/** What a person must do for the payload to run: nothing, hover, focus or click the injected element (#xss-target in the calibration). */
export type XssTrigger = 'none' | 'hover' | 'click';

export type XssPayload = { n: number; text: string; context: XssContext; trigger: XssTrigger; note: string };

const LONG_FILLER = 'Lorem ipsum dolor sit amet '.repeat(400);
const b64 = (text: string) => Buffer.from(text).toString('base64');

const RAW: [text: string, context: XssContext, trigger: XssTrigger, note: string][] = [
  ['<script>__xss(1)</script>', 'html', 'none', 'script tag'],
  ['<img src=x onerror=__xss(2)>', 'html', 'none', 'img onerror'],
  ['<svg onload=__xss(3)>', 'html', 'none', 'svg onload'],
  ['<svg><script>__xss(4)</script></svg>', 'html', 'none', 'script inside svg'],
  ['"><script>__xss(5)</script>', 'attr-dq', 'none', 'double-quoted attribute breakout'],
  ["'><img src=x onerror=__xss(6)>", 'attr-sq', 'none', 'single-quoted attribute breakout'],
  ["' onmouseover='__xss(7)' x='", 'attr-sq', 'hover', 'single-quoted attribute handler'],
  ['" autofocus onfocus="__xss(8)" x="', 'attr-dq', 'none', 'double-quoted autofocus handler'],
  ['x onmouseover=__xss(9)', 'attr-uq', 'hover', 'unquoted attribute handler'],
  ['javascript:__xss(10)', 'url', 'click', 'javascript: URL'],
  ['JaVaScRiPt:__xss(11)', 'url', 'click', 'mixed-case javascript: URL'],
  [' \tjavascript:__xss(12)', 'url', 'click', 'javascript: URL after blanks'],
  ['java\tscript:__xss(13)', 'url', 'click', 'tab inside the scheme'],
  ['<a id=xss-target href="javascript:__xss(14)">tap</a>', 'html', 'click', 'a href javascript:'],
  ['<a id=xss-target href="&#106;avascript:__xss(15)">e</a>', 'html', 'click', 'entity-encoded scheme'],
  ['<iframe src="javascript:top.__xss(16)"></iframe>', 'html', 'none', 'iframe javascript: src'],
  ['<iframe srcdoc="<script>top.__xss(17)</script>">', 'html', 'none', 'iframe srcdoc'],
  ['<iframe srcdoc="&lt;img src=x onerror=top.__xss(18)&gt;">', 'html', 'none', 'entity-encoded srcdoc'],
  [`<iframe src="data:text/html;base64,${b64('<script>parent.postMessage("__xss:19","*")</script>')}"></iframe>`, 'html', 'none', 'data: URL iframe (base64)'],
  [
    `<object data="data:text/html;base64,${b64('<script>parent.postMessage("__xss:20","*")</script>')}"></object>`,
    'html',
    'none',
    'object with a data: document',
  ],
  [
    `<embed src="data:image/svg+xml;base64,${b64('<svg xmlns="http://www.w3.org/2000/svg" onload="parent.postMessage(\'__xss:21\',\'*\')"/>')}">`,
    'html',
    'none',
    'embed of an SVG data: URL',
  ],
  ['<body onload=__xss(22)>', 'html', 'none', 'body onload'],
  ['<details open ontoggle=__xss(23)>', 'html', 'none', 'details ontoggle'],
  ['<input autofocus onfocus=__xss(24)>', 'html', 'none', 'autofocus onfocus'],
  ['<video><source onerror=__xss(25)></video>', 'html', 'none', 'video source onerror'],
  ['<audio src=x onerror=__xss(26)>', 'html', 'none', 'audio onerror'],
  ['<img srcset=nothing-here onerror=__xss(27)>', 'html', 'none', 'img srcset onerror'],
  ['<svg><animate onbegin=__xss(28) attributeName=x dur=1s>', 'html', 'none', 'svg animate onbegin'],
  ['<svg><a xlink:href="javascript:__xss(29)"><text id=xss-target x=20 y=20>svg</text></a></svg>', 'html', 'click', 'svg xlink:href'],
  ['<form action="javascript:__xss(30)"><button id=xss-target>go</button></form>', 'html', 'click', 'form action'],
  ['<form><button id=xss-target formaction="javascript:__xss(31)">go</button></form>', 'html', 'click', 'button formaction'],
  ['<div id=xss-target onpointerover=__xss(32)>hover</div>', 'html', 'hover', 'pointer handler'],
  ['<iframe onload=__xss(33)></iframe>', 'html', 'none', 'iframe onload'],
  ['<style>@import "data:text/css,*{x:y}";</style><img src=x onerror=__xss(34)>', 'html', 'none', 'style @import then img'],
  ['<link rel=stylesheet href="data:text/css,*{}" onload=__xss(35)>', 'html', 'none', 'link onload'],
  ['<ScRiPt>__xss(36)</sCrIpT>', 'html', 'none', 'mixed-case script'],
  ['<scr<script>ipt>__xss(37)</scr</script>ipt>', 'filtered', 'none', 'nested tags against a strip-once filter'],
  ['<img/src/onerror=__xss(38)>', 'html', 'none', 'slashes for spaces'],
  ['<svg/onload=__xss(39)//', 'html', 'none', 'unterminated svg'],
  ['<img src=x onerror=&#95;&#95;xss(40)>', 'html', 'none', 'entity-encoded handler'],
  ['<img src=x onerror="&#x5f;&#x5f;xss(41)">', 'html', 'none', 'hex-entity handler'],
  ['<!--<img src="--><img src=x onerror=__xss(42)//">', 'html', 'none', 'comment confusion'],
  ['<math><mtext><table><mglyph><style><img src=x onerror=__xss(43)>', 'reparsed', 'none', 'mXSS: mglyph/style namespace confusion'],
  ['<noscript><p title="</noscript><img src=x onerror=__xss(44)>">', 'html', 'none', 'mXSS: noscript title'],
  ['<svg></p><style><a id="</style><img src=1 onerror=__xss(45)>">', 'html', 'none', 'mXSS: svg style'],
  ['<form><math><mtext></form><form><mglyph><style></math><img src onerror=__xss(46)>', 'reparsed', 'none', 'mXSS: nested form (DOMPurify 2.0.0 bypass)'],
  ['</script><script>__xss(47)</script>', 'json-ld', 'none', '</script> breakout of JSON-LD'],
  ['</script><svg onload=__xss(48)>', 'script-string', 'none', '</script> breakout of an inline script'],
  ['";__xss(49);//', 'script-string', 'none', 'double-quoted JS string breakout'],
  ["'-__xss(50)-'", 'script-sq', 'none', 'single-quoted JS string breakout'],
  ['\\";__xss(51);//', 'script-naive-escape', 'none', 'backslash against an escaper that escapes quotes only'],
  ['</title><script>__xss(52)</script>', 'title', 'none', '</title> breakout'],
  ['</textarea><script>__xss(53)</script>', 'textarea', 'none', '</textarea> breakout'],
  ['</style><script>__xss(54)</script>', 'style', 'none', '</style> breakout'],
  ['{{constructor.constructor("__xss(55)")()}}', 'template', 'none', 'template expression'],
  ['${__xss(56)}', 'template', 'none', 'template literal'],
  ['&lt;img src=x onerror=__xss(57)&gt;', 'decoded', 'none', 'HTML-encoded markup'],
  ['%3Cimg%20src%3Dx%20onerror%3D__xss(58)%3E', 'url-decoded', 'none', 'URL-encoded markup'],
  ['\\u003cimg src=x onerror=__xss(59)\\u003e', 'js-decoded', 'none', 'JS-escaped markup'],
  ['＜img src=x onerror=__xss(60)＞', 'nfkc', 'none', 'full-width brackets'],
  ['\u202e<img src=x onerror=__xss(61)>\u202c', 'html', 'none', 'RTL override around markup'],
  ['\u200b<script>__xss(62)</script>\u200b\ufeff', 'html', 'none', 'zero-width characters around markup'],
  ['<img src=x onerror=__xss(63)>Ω𝒳😀 ‮gnp.exe', 'html', 'none', 'astral and RTL text after markup'],
  ['<x contenteditable onfocus=__xss(64) autofocus>', 'html', 'none', 'custom element autofocus'],
  ['<image src=x onerror=__xss(65)>', 'html', 'none', '<image> rewritten to <img> by the parser'],
  ['<a id=xss-target href="data:text/html,x" onclick="__xss(66);return false">d</a>', 'html', 'click', 'data: link with onclick'],
  [`${LONG_FILLER}<img src=x onerror=__xss(67)>`, 'html', 'none', 'very long string (10,800 characters)'],
  [`<img src=x onerror=__xss(68)>${'A'.repeat(260)}`, 'html', 'none', 'payload then 260 characters (past most limits)'],
];

export const XSS_PAYLOADS: readonly XssPayload[] = RAW.map(([text, context, trigger, note], index) => ({ n: index + 1, text, context, trigger, note }));

/** One payload of each kind (markup, handlers, breakouts of each context, encodings, unicode), for places that need a page load per payload. */
export const XSS_SAMPLE: readonly XssPayload[] = XSS_PAYLOADS.filter((p) => [1, 2, 5, 7, 10, 17, 47, 52, 55, 61].includes(p.n));

/** The payloads that fit a field of at most `max` characters after trimming. */
export function payloadsUpTo(max: number): XssPayload[] {
  return XSS_PAYLOADS.filter((p) => p.text.trim().length <= max);
}

/** Text as the app stores and shows it: trimmed, whitespace runs collapsed (for matching against textContent). */
export function shownText(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
