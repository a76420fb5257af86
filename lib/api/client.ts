/** Browser-side JSON calls to this site's API, with the error shape of lib/api/handler.ts. */
export type ApiFailure = { code: string; message: string; field?: string; key?: string; status: number };
export type ApiResult<T> = { ok: true; data: T } | { ok: false; error: ApiFailure };

export async function apiCall<T>(path: string, init: { method?: string; body?: unknown; timeoutMs?: number } = {}): Promise<ApiResult<T>> {
  try {
    const res = await fetch(path, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers: init.body === undefined ? undefined : { 'content-type': 'application/json' },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      credentials: 'same-origin',
      signal: AbortSignal.timeout(init.timeoutMs ?? 15_000),
    });
    const json = await res.json().catch(() => ({}));
    if (!res.ok) {
      const error = json?.error ?? {};
      return { ok: false, error: { code: error.code ?? 'generic', message: error.message ?? res.statusText, field: error.field, key: error.key, status: res.status } };
    }
    return { ok: true, data: json as T };
  } catch {
    return { ok: false, error: { code: 'network', message: 'network', status: 0 } };
  }
}
