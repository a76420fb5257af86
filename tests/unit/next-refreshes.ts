import { connectNextCache, type NextRefresh } from '@/lib/page-cache/next-cache';

/**
 * Next's request handler as server.ts hands it over, standing in for Next: it answers the refresh route and
 * notes what it was asked. `connected` settles once the page cache reaches it (await it in beforeAll; call
 * disconnectNextCache in afterAll).
 */
export function recordNextRefreshes(): { asked: NextRefresh[]; connected: ReturnType<typeof connectNextCache> } {
  const asked: NextRefresh[] = [];
  const connected = connectNextCache(async (req, res) => {
    let body = '';
    for await (const chunk of req) body += String(chunk);
    asked.push(JSON.parse(body) as NextRefresh);
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"success":true}');
  });
  return { asked, connected };
}
