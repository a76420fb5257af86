/**
 * App pages served from the front door's memory (the public pages a rider or
 * an operator opens first: the landing, the booking forms, the console login)
 * are server HTML that shows the whole page before any script runs. Next puts
 * the app's chunks in the head as `<script src async>`, so on a phone they
 * download alongside the stylesheets and may run before the first paint,
 * holding it back. Here they are requested once the first frame has been
 * painted instead: the page appears sooner and hydrates as before.
 *
 * Lighthouse mobile, three runs each (bench/README.md, "the app's scripts
 * after the first paint"): LCP 1.7-2.1 s -> 1.05-1.35 s on the landing, the
 * booking form and the console login, time to interactive unchanged
 * (2.2-2.6 s either way: the scripts no longer share the first round trips
 * with the stylesheets).
 *
 * Pure: unit-tested in tests/unit/lib/http/scripts-after-paint.test.ts.
 */

/** An async script of the app's own chunks, e.g. `<script src="/_next/static/chunks/1f8.js" async=""></script>`. */
const APP_CHUNK = /<script\b(?=[^>]*\basync\b)(?![^>]*\bnomodule\b)[^>]*\bsrc="(\/_next\/static\/[^"]+\.js)"[^>]*><\/script>/gi;

/**
 * The loader: after the first animation frame (the first paint) and a task
 * turn, the chunks are added in their order as async scripts (the app's
 * Content-Security-Policy trusts scripts a nonced script adds: 'strict-dynamic').
 * A tab opened in the background paints nothing and fires no animation frame:
 * the timer starts them after 3 s all the same.
 */
function loader(sources: string[]): string {
  return (
    '<script>(function(s){var d=0;function go(){if(d)return;d=1;for(var i=0;i<s.length;i++){var e=document.createElement("script");e.src=s[i];e.async=true;document.head.appendChild(e)}}' +
    `requestAnimationFrame(function(){setTimeout(go,0)});setTimeout(go,3000)})(${JSON.stringify(sources).replace(/</g, '\\u003c')})</script>`
  );
}

/**
 * The page with its app chunks requested after the first paint: the chunk
 * scripts leave the head and one inline loader takes their place at its end.
 * Everything else (the inline flight data, the nomodule polyfill, preloads,
 * stylesheets) stays. Returns the HTML unchanged when it has no head or no
 * such script.
 */
export function scriptsAfterPaint(html: string): string {
  const headEnd = html.indexOf('</head>');
  if (headEnd === -1) return html;
  const sources: string[] = [];
  const head = html.slice(0, headEnd).replace(APP_CHUNK, (_tag, src: string) => {
    sources.push(src);
    return '';
  });
  if (!sources.length) return html;
  return head + loader(sources) + html.slice(headEnd);
}
