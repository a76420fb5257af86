import { hc, type InferRequestType, type InferResponseType } from 'hono/client';
import type { ApiRoutes } from './app';

/** Browser-side calls to this site's API, with the error shape of lib/api/endpoint.ts. */
export type ApiFailure = { code: string; message: string; field?: string; key?: string; values?: Record<string, string | number>; status: number };
export type ApiResult<T> = { ok: true; data: T } | { ok: false; error: ApiFailure };

/**
 * The browser's typed client, built from the router's own definitions: paths,
 * methods, bodies (`json`), queries and answers are checked against the route
 * modules, never written twice. Same-origin, cookies included.
 */
export const api = hc<ApiRoutes>('/', { init: { credentials: 'same-origin' } }).api;

/** What a call of the typed client answers on success (200, or 201/202 from `jsonAt`). */
export type ApiData<F extends (...args: never[]) => unknown> = InferResponseType<F, 200 | 201 | 202>;

/** The `data` member of a call's success answer. */
export type ApiDataOf<F extends (...args: never[]) => unknown> = ApiData<F> extends infer A ? (A extends { data: infer D } ? D : never) : never;

/** The JSON body a call of the typed client sends (the route's zod input). */
export type ApiBody<F extends (...args: never[]) => unknown> = InferRequestType<F> extends { json: infer J } ? J : never;

/** The query a call of the typed client sends (the route's zod input, as strings). */
export type ApiQuery<F extends (...args: never[]) => unknown> = InferRequestType<F> extends { query: infer Q } ? Q : never;

/** Per-call options of the typed client: give up after `ms` (the default 15 s, as screens always did). */
export const within = (ms = 15_000) => ({ init: { signal: AbortSignal.timeout(ms) } });

/** The answer of a typed call, or never when it has no JSON body. */
type JsonOf<R> = R extends { json(): Promise<infer T> } ? T : never;
type TypedResponseLike = { ok: boolean; status: number; statusText: string; json(): Promise<unknown> };

/** A typed call in the `ApiResult` shape the screens use: the data on 2xx, else the API's error (code, message, field, key). */
export async function typedCall<R extends TypedResponseLike>(request: Promise<R>): Promise<ApiResult<JsonOf<R>>> {
  try {
    const res = await request;
    const json = (await res.json().catch(() => ({}))) as JsonOf<R> & {
      error?: { code?: string; message?: string; field?: string; key?: string; values?: Record<string, string | number> };
    };
    if (!res.ok) {
      const error = json?.error ?? {};
      return {
        ok: false,
        error: {
          code: error.code ?? 'generic',
          message: error.message ?? res.statusText,
          field: error.field,
          key: error.key,
          values: error.values,
          status: res.status,
        },
      };
    }
    return { ok: true, data: json };
  } catch {
    return { ok: false, error: { code: 'network', message: 'network', status: 0 } };
  }
}
