import { sanitizeSvg, SVG_MAX_DEPTH, SVG_MAX_ELEMENTS, SVG_MAX_REFERENCE_CHAIN, unescapeCss } from '@/lib/settings/svg';

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

/** `depth` levels of ten <use> each of the level below: 10^depth rectangles (10^9 from about 2 KB). */
function useBomb(depth = 9): string {
  const levels = ['<g id="l0"><rect width="1" height="1"/></g>'];
  for (let level = 1; level <= depth; level++) levels.push(`<g id="l${level}">${`<use href="#l${level - 1}"/>`.repeat(10)}</g>`);
  return `<svg ${SVG}><defs>${levels.join('')}</defs><use href="#l${depth}"/></svg>`;
}

describe('SVG <use> bombs', () => {
  it('refuses a 2 KB use bomb with logoSvgComplex, without drawing it', () => {
    const bomb = useBomb();
    expect(bomb.length).toBeLessThan(2_200);
    expect(refusal(bomb)).toBe('logoSvgComplex');
    // 10^30 copies: a sanitiser that expanded the references before counting would never return
    expect(refusal(useBomb(30))).toBe('logoSvgComplex');
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

/** Gradients g0 … g{n-1}, each taking the next as its template (xlink:href on odd ones), g{n-1} with the stops; `loop` points the last back at g0. */
function gradientChain(n: number, loop = false): string {
  const gradients = Array.from({ length: n }, (_, i) => {
    const next = i < n - 1 ? `#g${i + 1}` : loop ? '#g0' : undefined;
    const href = next === undefined ? '' : i % 2 ? ` xlink:href="${next}"` : ` href="${next}"`;
    return `<linearGradient id="g${i}"${href}>${next === undefined || loop ? '<stop offset="0" stop-color="#123"/><stop offset="1" stop-color="#456"/>' : ''}</linearGradient>`;
  });
  return `<svg ${SVG}><defs>${gradients.join('')}</defs><rect width="10" height="10" fill="url(#g0)"/></svg>`;
}
describe('references between gradients, patterns and filters (issue 35 §6)', () => {
  it('keeps a 2-step template chain and a pattern painting with a gradient', () => {
    const chain = gradientChain(3);
    expect(refusal(chain)).toBeUndefined();
    expect(sanitizeSvg(bytes(chain))).toContain('xlink:href="#g2"');
    const pattern = `<svg ${SVG}><defs><linearGradient id="g"><stop offset="0" stop-color="#123"/></linearGradient>
      <pattern id="p" width="2" height="2" patternUnits="userSpaceOnUse"><rect width="1" height="1" fill="url(#g)"/></pattern>
      <pattern id="q" href="#p"/></defs><rect width="10" height="10" fill="url(#q)"/></svg>`;
    expect(refusal(pattern)).toBeUndefined();
    expect(refusal(gradientChain(SVG_MAX_REFERENCE_CHAIN + 1))).toBeUndefined();
  });

  it('refuses a loop of template hrefs (two gradients, one on itself, a pattern and a filter)', () => {
    for (const body of [
      '<linearGradient id="a" href="#b"/><linearGradient id="b" href="#a"/>',
      '<radialGradient id="a" xlink:href="#a"/>',
      '<pattern id="a" href="#b"/><pattern id="b" xlink:href="#a"/>',
      '<filter id="a" href="#a"><feGaussianBlur stdDeviation="1"/></filter>',
    ]) {
      const key = refusal(`<svg ${SVG}><defs>${body}</defs><rect width="10" height="10" fill="url(#a)"/></svg>`);
      expect([body, key]).toEqual([body, 'logoSvgReferences']);
    }
    expect(refusal(gradientChain(5, true))).toBe('logoSvgReferences');
  });

  it(`refuses a chain of 20 templates (more than ${SVG_MAX_REFERENCE_CHAIN} steps), and names the bound`, () => {
    expect(refusal(gradientChain(20))).toBe('logoSvgReferences');
    expect(refusal(gradientChain(SVG_MAX_REFERENCE_CHAIN + 2))).toBe('logoSvgReferences');
    try {
      sanitizeSvg(bytes(gradientChain(20)));
    } catch (error) {
      expect((error as { values?: unknown; message: string }).values).toEqual({ max: SVG_MAX_REFERENCE_CHAIN });
    }
  });

  it('refuses patterns that paint with each other in a loop, or deeper than the bound, and a pattern that <use>s a pattern', () => {
    const nested = (n: number) =>
      Array.from(
        { length: n },
        (_, i) =>
          `<pattern id="p${i}" width="2" height="2" patternUnits="userSpaceOnUse"><rect width="1" height="1" fill="${i < n - 1 ? `url(#p${i + 1})` : '#123'}"/></pattern>`,
      ).join('');
    expect(refusal(`<svg ${SVG}><defs>${nested(4)}</defs><rect width="10" height="10" fill="url(#p0)"/></svg>`)).toBeUndefined();
    for (const body of [
      nested(20),
      '<pattern id="p0" width="2" height="2"><rect width="1" height="1" style="fill: url(#p1)"/></pattern><pattern id="p1" width="2" height="2"><circle r="1" fill="u\\72l(#p0)"/></pattern>',
      '<pattern id="p0" width="2" height="2"><rect width="1" height="1"/></pattern><pattern id="p1" width="2" height="2"><use href="#p0"/></pattern>',
    ]) {
      const key = refusal(`<svg ${SVG}><defs>${body}</defs><rect width="10" height="10" fill="url(#p0)"/></svg>`);
      expect([body.slice(0, 60), key]).toEqual([body.slice(0, 60), 'logoSvgReferences']);
    }
  });

  it('refuses a template href outside the file (another file, a URL, data:); #id only', () => {
    for (const href of ['other.svg#g', 'https://evil.example/g.svg#g', 'data:image/svg+xml;base64,PHN2Zy8+', '//evil.example/g', 'g']) {
      for (const element of ['linearGradient', 'radialGradient', 'pattern', 'filter']) {
        const key = refusal(`<svg ${SVG}><defs><${element} id="a" xlink:href="${href}"/></defs><rect width="10" height="10" fill="url(#a)"/></svg>`);
        expect([element, href, key]).toEqual([element, href, 'logoSvgExternal']);
      }
    }
  });
});

/** Patterns p0 … p{n-1}, each holding a rect of class c{i}, painted by a <style> rule with the next pattern (`loop`: the last with p0). */
function styledPatternChain(n: number, loop = false, wrap = (rule: string, _i: number) => rule): string {
  const rules = Array.from({ length: n }, (_, i) => {
    const next = i < n - 1 ? `url(#p${i + 1})` : loop ? 'url(#p0)' : '#123';
    return wrap(`.c${i} { fill: ${next} }`, i);
  });
  const patterns = Array.from(
    { length: n },
    (_, i) => `<pattern id="p${i}" width="2" height="2" patternUnits="userSpaceOnUse"><rect class="c${i}" width="1" height="1"/></pattern>`,
  );
  return `<svg ${SVG}><style>${rules.join('\n')}</style><defs>${patterns.join('')}</defs><rect width="10" height="10" fill="url(#p0)"/></svg>`;
}

describe('references made in <style> rules (issue 35 §6)', () => {
  it('refuses patterns that paint each other in a loop through <style> rules alone', () => {
    expect(refusal(styledPatternChain(2, true))).toBe('logoSvgReferences');
    expect(refusal(styledPatternChain(1, true))).toBe('logoSvgReferences');
  });

  it(`refuses a chain of patterns longer than ${SVG_MAX_REFERENCE_CHAIN} steps made through <style> rules alone, and keeps a short one`, () => {
    expect(refusal(styledPatternChain(4))).toBeUndefined();
    expect(refusal(styledPatternChain(SVG_MAX_REFERENCE_CHAIN + 2))).toBe('logoSvgReferences');
    expect(refusal(styledPatternChain(20))).toBe('logoSvgReferences');
  });

  it('sees the rule through escapes, @media, state pseudo-classes, pseudo-elements, :not(, strings holding braces and an unclosed block', () => {
    const wraps: [string, (rule: string, i: number) => string][] = [
      ['escaped selector', (rule) => rule.replace(/^\.c(\d+)/, (_, i: string) => `.\\63 ${i}`)],
      ['@media', (rule) => `@media screen { ${rule} }`],
      [':hover', (rule) => rule.replace(/^(\.c\d+)/, '$1:hover')],
      ['::before', (rule) => rule.replace(/^(\.c\d+)/, 'svg $1::before')],
      [':not(', (rule) => rule.replace(/^(\.c\d+)/, '$1:not(.other)')],
      ['string with braces', (rule) => rule.replace('{ ', '{ content: "}q{"; ')],
      ['escaped url', (rule) => rule.replace('url(', 'u\\72l(')],
      ['unclosed last block', (rule, i) => (i === 1 ? rule.replace(/ }$/, '') : rule)],
    ];
    for (const [name, wrap] of wraps) expect([name, refusal(styledPatternChain(2, true, wrap))]).toEqual([name, 'logoSvgReferences']);
  });

  it('refuses a pattern whose content inherits a fill naming the pattern itself, set on an ancestor by a rule or an attribute', () => {
    const pattern = '<pattern id="p" width="2" height="2" patternUnits="userSpaceOnUse"><rect width="1" height="1"/></pattern>';
    expect(refusal(`<svg ${SVG}><style>svg { fill: url(#p) }</style><defs>${pattern}</defs><rect width="10" height="10"/></svg>`)).toBe('logoSvgReferences');
    expect(refusal(`<svg ${SVG}><g fill="url(#p)"><defs>${pattern}</defs><rect width="10" height="10"/></g></svg>`)).toBe('logoSvgReferences');
  });

  it('keeps an ordinary logo styled with its gradients and patterns, however its rules select', () => {
    const gradient = '<linearGradient id="g"><stop offset="0" stop-color="#123"/><stop offset="1" stop-color="#456"/></linearGradient>';
    const pattern = '<pattern id="dots" width="4" height="4" patternUnits="userSpaceOnUse"><circle class="dot" cx="2" cy="2" r="1"/></pattern>';
    for (const css of [
      '.a { fill: url(#g) }',
      '.a { fill: url(#g) } .b { stroke: url(#g); fill: url(#dots) } .dot { fill: url(#g) }',
      '* { fill: url(#g) } path:hover { stroke: url(#g) } .a:not(.b) { fill: url(#g) } @font-face { src: local(x) }',
      'svg { fill: url(#g) } .a::before { fill: url(#dots) }',
    ]) {
      const logo = `<svg ${SVG}><style>${css}</style><defs>${gradient}${pattern}</defs><rect class="a" width="10" height="10"/><circle class="b" r="3"/></svg>`;
      expect([css, refusal(logo)]).toEqual([css, undefined]);
      expect(sanitizeSvg(bytes(logo))).toContain(css.split(' } ')[0]);
    }
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
