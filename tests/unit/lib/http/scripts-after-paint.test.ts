import { scriptsAfterPaint } from '@/lib/http/front/scripts-after-paint';

/*
 * The front door's memory-served app pages request the app's chunks after the
 * first paint: the chunk scripts leave the head, one loader adds them back in
 * order after the first frame, and nothing else changes.
 */

const head = (scripts: string) =>
  `<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><link rel="stylesheet" href="/_next/static/chunks/a.css" data-precedence="next"/>${scripts}<title>Book a taxi</title></head>` +
  `<body><main><h1>Book a taxi</h1></main><script>(self.__next_f=self.__next_f||[]).push([0])</script></body></html>`;

const loaderSources = (html: string) => {
  const match = /<script>\(function\(s\)\{[\s\S]*?\}\)\((\[[^\]]*\])\)<\/script><\/head>/.exec(html);
  return match ? (JSON.parse(match[1]) as string[]) : undefined;
};

describe('scriptsAfterPaint', () => {
  it("moves the head's async chunk scripts into one loader at the end of the head, in order", () => {
    const html = head(
      '<script src="/_next/static/chunks/1f8.js" async=""></script><script src="/_next/static/chunks/turbopack-07.js" async=""></script>' +
        '<script src="/_next/static/chunks/0cz.js" noModule=""></script><link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/26d.js"/>',
    );
    const out = scriptsAfterPaint(html);
    expect(loaderSources(out)).toEqual(['/_next/static/chunks/1f8.js', '/_next/static/chunks/turbopack-07.js']);
    expect(out).not.toContain('<script src="/_next/static/chunks/1f8.js"');
    // the nomodule polyfill, preloads, stylesheets, the body and its inline flight data stay as they were
    expect(out).toContain('<script src="/_next/static/chunks/0cz.js" noModule=""></script>');
    expect(out).toContain('<link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/26d.js"/>');
    expect(out).toContain('<link rel="stylesheet" href="/_next/static/chunks/a.css" data-precedence="next"/>');
    expect(out.slice(out.indexOf('</head>'))).toBe(html.slice(html.indexOf('</head>')));
  });

  it('starts the scripts after the first frame, or after 3 s when no frame comes (a background tab)', () => {
    const out = scriptsAfterPaint(head('<script src="/_next/static/chunks/1f8.js" async=""></script>'));
    expect(out).toContain('requestAnimationFrame(function(){setTimeout(go,0)});setTimeout(go,3000)');
  });

  it('runs the loader: the chunks are added once, as async scripts, in their order', () => {
    const out = scriptsAfterPaint(
      head('<script src="/_next/static/chunks/1f8.js" async=""></script><script src="/_next/static/chunks/2a.js" async=""></script>'),
    );
    const code = /<script>(\(function\(s\)[\s\S]*?)<\/script><\/head>/.exec(out)![1];
    const added: { src: string; async: boolean }[] = [];
    const callbacks: (() => void)[] = [];
    const document = { createElement: () => ({ src: '', async: false }), head: { appendChild: (e: { src: string; async: boolean }) => added.push(e) } };
    const schedule = (callback: () => void) => callbacks.push(callback);
    new Function('document', 'requestAnimationFrame', 'setTimeout', code)(document, schedule, schedule);
    expect(added).toEqual([]);
    // the frame, then the task after it, then the 3 s timer: the scripts are added exactly once
    while (callbacks.length) callbacks.shift()!();
    expect(added).toEqual([
      { src: '/_next/static/chunks/1f8.js', async: true },
      { src: '/_next/static/chunks/2a.js', async: true },
    ]);
  });

  it('leaves a page without a head or without chunk scripts unchanged, and never touches scripts in the body', () => {
    expect(scriptsAfterPaint('<p>no head</p>')).toBe('<p>no head</p>');
    const plain = head('');
    expect(scriptsAfterPaint(plain)).toBe(plain);
    const bodyScript = plain.replace('</main>', '</main><script src="/_next/static/chunks/late.js" async=""></script>');
    expect(scriptsAfterPaint(bodyScript)).toBe(bodyScript);
  });
});
