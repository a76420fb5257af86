import { apiApp } from '@/lib/api/app';

/** Sends a request through the API router, as server.ts does for /api/* (the path parameters come from the URL). */
export function callApi(req: Request, _context?: unknown): Promise<Response> {
  return Promise.resolve(apiApp.request(req));
}

/** A route module's methods, each sent through the router. */
export const viaRouter = { GET: callApi, POST: callApi, PUT: callApi, PATCH: callApi, DELETE: callApi };

/**
 * A route's methods for tests that name the route rather than the URL: the
 * request's path is replaced by `pattern` with the call's `params` filled in.
 */
export function routeAt(pattern: string) {
  const send = async (req: Request, context?: { params?: Promise<Record<string, string>> }) => {
    const params = (await context?.params) ?? {};
    const url = new URL(req.url);
    url.pathname = pattern.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
    const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : await req.arrayBuffer();
    return callApi(new Request(url, { method: req.method, headers: req.headers, body }));
  };
  return { GET: send, POST: send, PUT: send, PATCH: send, DELETE: send };
}
