import { hc, type InferResponseType } from 'hono/client';
import type { ApiRoutes } from './app';
import type { ApiResult } from './client';

/**
 * The browser's typed client, built from the router's own definitions: paths,
 * methods, bodies (`json`), queries and answers are checked against the route
 * modules, never written twice. Same-origin, cookies included.
 */
export const api = hc<ApiRoutes>('/', { init: { credentials: 'same-origin' } }).api;

/** What a call of the typed client answers on success. */
export type ApiData<F extends (...args: never[]) => unknown> = InferResponseType<F, 200>;

/** A typed call in the `ApiResult` shape the screens use: the data on 2xx, else the API's error (code, message, field, key). */
export async function typedCall<T>(request: Promise<{ ok: boolean; status: number; statusText: string; json(): Promise<T> }>): Promise<ApiResult<T>> {
  try {
    const res = await request;
    const json = (await res.json().catch(() => ({}))) as T & { error?: { code?: string; message?: string; field?: string; key?: string } };
    if (!res.ok) {
      const error = json?.error ?? {};
      return { ok: false, error: { code: error.code ?? 'generic', message: error.message ?? res.statusText, field: error.field, key: error.key, status: res.status } };
    }
    return { ok: true, data: json };
  } catch {
    return { ok: false, error: { code: 'network', message: 'network', status: 0 } };
  }
}
