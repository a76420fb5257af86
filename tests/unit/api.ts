import { apiApp } from '@/lib/api/app';

/** Sends a request through the API router, as server.ts does for /api/* (the path parameters come from the URL). */
export function callApi(req: Request, _context?: unknown): Promise<Response> {
  return Promise.resolve(apiApp.request(req));
}

/** A route module's methods, each sent through the router. */
export const viaRouter = { GET: callApi, POST: callApi, PUT: callApi, PATCH: callApi, DELETE: callApi };
