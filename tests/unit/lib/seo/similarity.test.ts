import { jaccard, mainText, pairScores, shingles, summarise, words } from '@/lib/seo/similarity';

describe('sibling-page similarity', () => {
  it('reads the visible words of <main>: no tags, scripts or styles; entities decoded; money as its digits', () => {
    const html =
      '<html><body><header>Menu</header><main><h1>Taxi&nbsp;to T.&#x20;Nagar</h1><style>.a{}</style><script>x()</script><p>From ₹1,234.00 &amp; up</p></main><footer>Footer</footer></body></html>';
    expect(mainText(html)).toBe('Taxi to T. Nagar From ₹1,234.00 & up');
    expect(words(mainText(html))).toEqual(['taxi', 'to', 't.', 'nagar', 'from', '1,234.00', 'up']);
  });

  it('measures shared 8-word shingles over all shingles (Jaccard)', () => {
    const a = shingles('one two three four five six seven eight nine ten');
    expect(a.size).toBe(3);
    expect(jaccard(a, a)).toBe(1);
    const b = shingles('one two three four five six seven eight nine eleven');
    // shared: the first two of three each
    expect(jaccard(a, b)).toBeCloseTo(2 / 4);
    expect(jaccard(a, shingles('something else entirely'))).toBe(0);
    expect(shingles('short text').size).toBe(1);
  });

  it('scores every pair and lists those above the threshold, highest first', () => {
    const pages = new Map([
      ['/a', shingles('a b c d e f g h i j k')],
      ['/b', shingles('a b c d e f g h i j z')],
      ['/c', shingles('p q r s t u v w x y z')],
    ]);
    const summary = summarise(pairScores(pages), 0.5);
    expect(summary.pairs).toBe(3);
    expect(summary.above.map((pair) => [pair.a, pair.b])).toEqual([['/a', '/b']]);
    expect(summary.max).toBeCloseTo(0.6);
  });
});
