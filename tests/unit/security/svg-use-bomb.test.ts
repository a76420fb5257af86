import { performance } from 'node:perf_hooks';
import { sanitizeSvg, SVG_MAX_DEPTH, SVG_MAX_ELEMENTS, unescapeCss } from '@/lib/settings/svg';

/*
 * One operator stalls image serving for every tenant (issue 35 §6): a 2 KB
 * SVG logo whose <use> elements reuse groups of <use> elements draws 10^9
 * rectangles, and four uploads held the image workers for 25 s. The
 * sanitiser refuses such a file before anything renders, in milliseconds;
 * and CSS escapes (u\72l(, @\69mport) no longer hide a url() or @import.
 */

const SVG = 'xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10"';
const bytes = (text: string) => new TextEncoder().encode(text);
const refusal = (text: string): string | undefined => {
  try {
    sanitizeSvg(bytes(text));
    return undefined;
  } catch (error) {
    return (error as { key?: string }).key;
  }
};

/** Nine levels of ten <use> each of the level below: 10^9 rectangles from about 2 KB. */
function useBomb(): string {
  const levels = ['<g id="l0"><rect width="1" height="1"/></g>'];
  for (let level = 1; level <= 9; level++) levels.push(`<g id="l${level}">${`<use href="#l${level - 1}"/>`.repeat(10)}</g>`);
  return `<svg ${SVG}><defs>${levels.join('')}</defs><use href="#l9"/></svg>`;
}

describe('SVG <use> bombs', () => {
  it('refuses a 2 KB use bomb with logoSvgComplex, quickly', () => {
    const bomb = useBomb();
    expect(bomb.length).toBeLessThan(2_200);
    const started = performance.now();
    expect(refusal(bomb)).toBe('logoSvgComplex');
    expect(performance.now() - started).toBeLessThan(500);
  });

  it('refuses a <use> of a <use>, of an element holding one, of its own ancestor, also through xlink:href', () => {
    for (const body of [
      '<rect id="r" width="1" height="1"/><use id="u" href="#r"/><use href="#u"/>',
      '<rect id="r" width="1" height="1"/><g id="g"><use href="#r"/></g><use href="#g"/>',
      '<g id="self"><rect width="1" height="1"/><use href="#self"/></g>',
      '<rect id="r" width="1" height="1"/><use id="u" xlink:href="#r"/><use xlink:href="#u"/>',
    ])
      expect([body, refusal(`<svg ${SVG}>${body}</svg>`)]).toEqual([body, 'logoSvgComplex']);
  });

  it(`refuses more than ${SVG_MAX_ELEMENTS} elements drawn (each <use> counting its copy) and nesting deeper than ${SVG_MAX_DEPTH}`, () => {
    const flat = `<svg ${SVG}>${'<rect width="1" height="1"/>'.repeat(SVG_MAX_ELEMENTS + 1)}</svg>`;
    expect(refusal(flat)).toBe('logoSvgComplex');
    const group = `<g id="g">${'<rect width="1" height="1"/>'.repeat(100)}</g>`;
    expect(refusal(`<svg ${SVG}>${group}${'<use href="#g"/>'.repeat(50)}</svg>`)).toBe('logoSvgComplex');
    const deep = (n: number) => `<svg ${SVG}>${'<g>'.repeat(n)}<rect width="1" height="1"/>${'</g>'.repeat(n)}</svg>`;
    expect(refusal(deep(SVG_MAX_DEPTH + 1))).toBe('logoSvgComplex');
    expect(refusal(deep(SVG_MAX_DEPTH - 2))).toBeUndefined();
  });

  it('keeps a plain logo that reuses a shape a few times', () => {
    const logo = `<svg ${SVG}><defs><circle id="dot" r="1"/></defs><use href="#dot" x="2"/><use xlink:href="#dot" x="5"/><use href="#dot" x="8"/></svg>`;
    expect(refusal(logo)).toBeUndefined();
    expect(sanitizeSvg(bytes(logo))).toContain('<use href="#dot" x="8"');
  });
});

describe('CSS escapes in SVG logos', () => {
  it('reads escapes as the CSS parser does', () => {
    expect(unescapeCss('u\\72l(x)')).toBe('url(x)');
    expect(unescapeCss('@\\69mport')).toBe('@import');
    expect(unescapeCss('\\000075\\72 l(x)')).toBe('url(x)');
    expect(unescapeCss('\\u\\r\\l(x)')).toBe('url(x)');
    expect(unescapeCss('u/* */rl(x)')).toBe('url(x)');
    // an escaped backslash would leave an escape for the renderer to read again
    expect(unescapeCss('u\\\\72l(x)')).toBe('url(x)');
  });

  it('removes escaped url() and @import from <style>, style attributes and presentation attributes', () => {
    const svg = `<svg ${SVG}>
      <style>@\\69mport "https://evil.example/a.css"; rect { fill: u\\72l(https://evil.example/b.svg#p) } circle { fill: \\75 \\72 \\6c (https://evil.example/c) }</style>
      <rect width="5" height="5" style="stroke: u\\rl(https://evil.example/d)"/>
      <circle r="2" fill="u\\72l(https://evil.example/e)" stroke="u\\\\72l(https://evil.example/f)"/>
    </svg>`;
    const stored = sanitizeSvg(bytes(svg));
    expect(stored).not.toMatch(/evil\.example|import|\\/i);
    expect(stored).toContain('<rect');
    expect(stored).toContain('<circle');
  });

  it('still refuses an escaped expression() or javascript: in CSS', () => {
    expect(refusal(`<svg ${SVG}><rect width="1" height="1" style="width: e\\78pression(alert(1))"/></svg>`)).toBe('logoSvgScript');
    expect(refusal(`<svg ${SVG}><style>rect { background: u\\72l(j\\61vascript:alert(1)) }</style></svg>`)).toBe('logoSvgScript');
  });
});
