import { classesOf, usedCss } from '@/lib/http/front/used-css';

/*
 * A document carries only the CSS it uses (issue 29 §9): the rules no class
 * of its HTML can match go, and nothing a rule might need is taken away.
 */

const used = (css: string, ...classes: string[]) => usedCss(css, new Set(classes));

describe('classesOf', () => {
  it('reads every class attribute, in either quotes, entities decoded', () => {
    const html = `<main class="page  wide"><p class='fare'>x</p><svg class="icon"></svg><b class="a&amp;b">y</b><i data-class="no">z</i></main>`;
    expect([...classesOf(html)].sort()).toEqual(['a&b', 'fare', 'icon', 'page', 'wide']);
  });
});

describe('usedCss', () => {
  it("drops rules for classes the document lacks (the console's, the chat's) and keeps its own and the unclassed ones", () => {
    const css = ':root{--ink:#111}body{margin:0}.fare{color:red}.console-grid{display:grid}.chat .bubble{padding:4px}h1.title{font-size:2rem}';
    expect(used(css, 'fare', 'title')).toBe(':root{--ink:#111}body{margin:0}.fare{color:red}h1.title{font-size:2rem}');
  });

  it('keeps a rule only while every class of one of its selectors is there, and only those selectors', () => {
    expect(used('.a .b,.c,.d.e{x:1}', 'a', 'b', 'd')).toBe('.a .b{x:1}');
    expect(used('.a .b,.c{x:1}', 'a')).toBe('');
  });

  it('never needs a class inside parentheses or brackets: :not, :is, :has and attribute values', () => {
    expect(used('.a:not(.gone){x:1}', 'a')).toBe('.a:not(.gone){x:1}');
    expect(used(':is(.gone,.also-gone) p{x:1}')).toBe(':is(.gone,.also-gone) p{x:1}');
    expect(used('.card:has(.gone){x:1}', 'card')).toBe('.card:has(.gone){x:1}');
    expect(used('a[href$=".pdf"]{x:1}')).toBe('a[href$=".pdf"]{x:1}');
    expect(used('.row:hover>.cell::after{x:1}', 'row', 'cell')).toBe('.row:hover>.cell::after{x:1}');
  });

  it('reads escaped class names as the HTML writes them', () => {
    expect(used('.md\\:flex{display:flex}.w-1\\/2{width:50%}.\\31 0{x:1}', 'md:flex', '10')).toBe('.md\\:flex{display:flex}.\\31 0{x:1}');
  });

  it('prunes inside @media, @supports and @layer, drops them when empty, and keeps other at-rules whole', () => {
    const css =
      '@media (min-width:40em){.fare{x:1}.console{y:2}}@media print{.console{z:3}}@supports (display:grid){.gone{x:1}}' +
      '@layer base{.fare{c:1}}@keyframes spin{to{transform:rotate(1turn)}}@font-face{font-family:X;src:url(x.woff2)}@layer a,b;';
    expect(used(css, 'fare')).toBe(
      '@media (min-width:40em){.fare{x:1}}@layer base{.fare{c:1}}@keyframes spin{to{transform:rotate(1turn)}}@font-face{font-family:X;src:url(x.woff2)}@layer a,b;',
    );
  });

  it('is not misled by braces and commas in strings and comments', () => {
    const css = '.quote::before{content:"}{,"}/* .a{ */.gone{x:1}.b[title="x,.gone"]{y:2}';
    expect(used(css, 'quote', 'b')).toBe('.quote::before{content:"}{,"}.b[title="x,.gone"]{y:2}');
  });

  it('returns CSS it cannot read whole, never a part of it', () => {
    expect(used('.a{x:1}.b{y:2', 'a')).toBe('.a{x:1}.b{y:2');
    expect(used('.a{content:"open}', 'a')).toBe('.a{content:"open}');
  });
});
