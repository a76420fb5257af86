import { blogText, cutText, plainDescription, renderBlogHtml, sanitizeBlogHtml } from '@/lib/blog/sanitize';
import { editableDescription } from '@/lib/blog/schemas';
import { metaDescription } from '@/lib/seo/blog-seo';
import { serializeJsonLd } from '@/lib/seo/json-ld';
import { activeParts, XSS_PAYLOADS } from './fixtures';

describe('blog HTML allowlist', () => {
  it.each(XSS_PAYLOADS.map((p) => [p]))('neutralises %s on write and on render', (payload) => {
    const html = `<p>Before</p>${payload}<p>After</p>`;
    const stored = sanitizeBlogHtml(html);
    expect(activeParts(stored)).toEqual([]);
    expect(activeParts(renderBlogHtml(html))).toEqual([]);
    expect(activeParts(renderBlogHtml(stored))).toEqual([]);
    expect(stored).toContain('<p>Before</p>');
    expect(stored).not.toMatch(/<script|<img|<svg|<iframe|<style|on\w+=|javascript:|data:/i);
    if (!/<(math|noscript)/.test(payload)) expect(stored).toContain('<p>After</p>');
  });

  it('keeps the allowed structure and forces rel="nofollow" on links', () => {
    const html =
      '<h1>T</h1><h2>S</h2><h3>s</h3><p><strong>b</strong> <em>i</em> <b>b2</b> <i>i2</i></p><ul><li>a</li></ul><ol><li>b</li></ol><a href="https://x.example/a?b=1&c=2" rel="opener">x</a><a href="mailto:ops@x.example">m</a>';
    expect(sanitizeBlogHtml(html)).toBe(
      '<h1>T</h1><h2>S</h2><h3>s</h3><p><strong>b</strong> <em>i</em> <strong>b2</strong> <em>i2</em></p><ul><li>a</li></ul><ol><li>b</li></ol><a href="https://x.example/a?b=1&amp;c=2" rel="nofollow">x</a><a href="mailto:ops@x.example" rel="nofollow">m</a>',
    );
  });

  it('drops the content of script-like elements and keeps the text of other unknown tags', () => {
    expect(sanitizeBlogHtml('<div><span>kept text</span></div><script>lost()</script><style>p{}</style><iframe>gone</iframe>')).toBe('kept text');
    expect(sanitizeBlogHtml('<table><tr><td>cell</td></tr></table>')).toBe('cell');
  });

  it('moves headings one level down on render, under the page title', () => {
    expect(renderBlogHtml('<h1>a</h1><h2>b</h2><h3>c</h3><h4>d</h4>')).toBe('<h2>a</h2><h3>b</h3><h4>c</h4>d');
  });

  it('starts the rendered headings at h2 whatever the author started with, so no level is skipped', () => {
    expect(renderBlogHtml('<h2>a</h2><h3>b</h3>')).toBe('<h2>a</h2><h3>b</h3>');
    expect(renderBlogHtml('<p>x</p><h3>a</h3>')).toBe('<p>x</p><h2>a</h2>');
  });

  it('cuts the meta description to 155 characters of text', () => {
    const html = `<h1>Title</h1><p>${'word '.repeat(60)}</p><script>secret()</script>`;
    const meta = metaDescription(html);
    expect(meta.length).toBeLessThanOrEqual(155);
    expect(meta.startsWith('Title. word word')).toBe(true);
    expect(meta).not.toContain('secret');
    expect(cutText('short', 155)).toBe('short');
    expect(blogText('<p>a &amp; b &lt;c&gt;</p>')).toBe('a & b <c>');
  });

  it('keeps block boundaries and cuts the meta description at a word, with an ellipsis', () => {
    const html =
      '<h2>Book an outstation cab</h2><p>Travelling from Chennai to Bengaluru, Madurai or Pondicherry is easy with our drivers, who know every highway and stop for breaks whenever you ask them to.</p>';
    const meta = metaDescription(html);
    expect(meta).toMatch(/^Book an outstation cab\. Travelling from Chennai/);
    expect(meta).not.toContain('cab Travelling');
    expect(meta.length).toBeLessThanOrEqual(155);
    expect(meta.endsWith('…')).toBe(true);
    const lastWord = meta.slice(0, -1).split(' ').pop()!;
    expect(html).toMatch(new RegExp(`\\b${lastWord}\\b`));
    expect(metaDescription('<h2>Prices?</h2><p>Fixed.</p>')).toBe('Prices? Fixed.');
    expect(cutText('alpha beta gamma', 12)).toBe('alpha beta…');
    expect(cutText('alpha, beta gamma', 10)).toBe('alpha…');
    expect(cutText('東京から大阪までのタクシー料金はいくらですか', 10, 'ja').length).toBeLessThanOrEqual(10);
    expect(cutText('x'.repeat(200), 155)).toHaveLength(155);
  });

  it('escapes JSON-LD so no value can close the script element', () => {
    const text = serializeJsonLd({ headline: '</script><script>window.__xss=1</script>', note: 'a & b\u2028' });
    expect(text).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(text)).toEqual({ headline: '</script><script>window.__xss=1</script>', note: 'a & b\u2028' });
  });
});

describe('a generated description as plain text (issue 37)', () => {
  const article =
    '<h1>Airport rides</h1><p>Book <strong>early</strong> &amp; relax.</p><h2>Fares</h2><ul><li>Sedan: &#8377;14 &lt;per km&gt;</li><li>SUV</li></ul>';

  it('keeps the blocks as paragraphs split by blank lines, without tags, entities or the title', () => {
    expect(plainDescription(article, 'Airport rides', 1000)).toBe('Book early & relax.\n\nFares\n\nSedan: ₹14\n\nSUV');
    expect(plainDescription(article, 'Another title', 1000).startsWith('Airport rides\n\nBook early')).toBe(true);
    expect(plainDescription('Already plain text.', 'T', 1000)).toBe('Already plain text.');
    expect(plainDescription('<p>&lt;script&gt;alert(1)&lt;/script&gt;Hello &amp;lt;b&amp;gt;</p>', 'T', 1000)).toBe('alert(1)Hello');
  });

  it('cuts it to the limit at a word', () => {
    const text = plainDescription(`<p>${'word '.repeat(100)}</p>`, 'T', 52);
    expect(text.length).toBeLessThanOrEqual(52);
    expect(text).toMatch(/^(word ){9}word…$/);
  });

  it('gives back stored plain text as typed for editing, and HTML as it is', () => {
    const typed = 'Fares < 500 & more\n\nSecond paragraph';
    expect(editableDescription(sanitizeBlogHtml(typed))).toBe(typed);
    expect(editableDescription('<p>a &amp; b</p>')).toBe('<p>a &amp; b</p>');
  });
});

describe('the title once on the post page (issue 37)', () => {
  it('leaves out a first block repeating the title, in the body and the meta description', () => {
    expect(renderBlogHtml('<h1>Airport rides</h1><h2>Fares</h2><p>Fixed.</p>', 'Airport rides')).toBe('<h2>Fares</h2><p>Fixed.</p>');
    expect(renderBlogHtml('<h2>airport  RIDES!</h2><p>Fixed.</p>', 'Airport rides')).toBe('<p>Fixed.</p>');
    expect(renderBlogHtml('<h1>Airport rides</h1><h2>Fares</h2>', 'Other')).toBe('<h2>Airport rides</h2><h3>Fares</h3>');
    expect(renderBlogHtml('<p>Fixed.</p><h2>Airport rides</h2>', 'Airport rides')).toBe('<p>Fixed.</p><h2>Airport rides</h2>');
    expect(metaDescription('<h1>Airport rides</h1><p>Fixed fares.</p>', 'en', 'Airport rides')).toBe('Fixed fares.');
  });

  it('shows plain lines as paragraphs, the first one left out when it is the title', () => {
    const stored = sanitizeBlogHtml('Airport rides\n\nBook early & relax.\nFares are fixed.');
    expect(renderBlogHtml(stored, 'Airport rides')).toBe('<p>Book early &amp; relax.</p><p>Fares are fixed.</p>');
    expect(renderBlogHtml('Intro <strong>bold</strong> text\n\nNext\n<p>Block</p>')).toBe('<p>Intro <strong>bold</strong> text</p><p>Next</p><p>Block</p>');
    expect(metaDescription(stored, 'en', 'Airport rides')).toBe('Book early & relax. Fares are fixed.');
  });
});
