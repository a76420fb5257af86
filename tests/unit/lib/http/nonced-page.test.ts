import zlib from 'node:zlib';
import { gzipNonced, renderNonced, splitForNonce } from '@/lib/http/front/nonced-page';

const PAGE = [
  '<!DOCTYPE html><html lang="en"><head><link rel="stylesheet" href="/a.css"/>',
  '<script src="/_next/a.js" async></script><script>self.__next_f=[]</script></head>',
  `<body><main>${'Chennai to Bengaluru taxi '.repeat(400)}</main><script>self.__next_f.push([1,"x"])</script>`,
  '<linkage>not a tag</linkage><scripture>neither</scripture></body></html>',
].join('');

describe('nonced page', () => {
  const page = splitForNonce(PAGE);
  const nonce = 'q1w2e3r4t5y6u7i8o9p0aA==';

  it('puts the nonce on every script and link tag, and nowhere else', () => {
    const html = renderNonced(page, nonce).toString();
    expect(html.match(/<(script|link)\b[^>]*>/g)!.every((tag) => tag.includes(` nonce="${nonce}"`))).toBe(true);
    expect(html.match(/nonce=/g)).toHaveLength(4);
    expect(html).toContain('<linkage>not a tag</linkage><scripture>');
    expect(html.replaceAll(` nonce="${nonce}"`, '')).toBe(PAGE);
  });

  it('gzips to exactly the nonced HTML, smaller than the text, with a new nonce each time', () => {
    for (const value of [nonce, 'ZZZZZZZZZZZZZZZZZZZZZZ==']) {
      const gzip = gzipNonced(page, value);
      expect(zlib.gunzipSync(gzip).equals(renderNonced(page, value))).toBe(true);
      expect(gzip.length).toBeLessThan(PAGE.length / 5);
    }
  });

  it('handles a page without any tag and one that starts with a tag', () => {
    for (const html of ['<p>plain</p>', '<script>1</script>', '']) {
      const split = splitForNonce(html);
      expect(zlib.gunzipSync(gzipNonced(split, nonce)).toString()).toBe(renderNonced(split, nonce).toString());
    }
  });
});
