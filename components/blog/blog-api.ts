'use client';

import { apiCall, type ApiFailure, type ApiResult } from '@/lib/api/client';
import type { StoredImage } from '@/lib/blog/schemas';

/** POST /api/blog/generate: a description (HTML) or keywords for a title. */
export function generateForPost(body: { field: 'description' | 'keywords'; title: string; keywords?: string; language: string }) {
  return apiCall<{ success: boolean; data: string }>('/api/blog/generate', { body, timeoutMs: 60_000 });
}

/** POST /api/blog/images (multipart): the stored cover's image and WebP paths. */
export async function uploadCover(file: File): Promise<ApiResult<StoredImage>> {
  const form = new FormData();
  form.append('file', file);
  try {
    const res = await fetch('/api/blog/images', { method: 'POST', body: form, credentials: 'same-origin', signal: AbortSignal.timeout(60_000) });
    const json = await res.json().catch(() => ({}));
    if (res.ok && json?.data) return { ok: true, data: json.data as StoredImage };
    const error = json?.error ?? {};
    const failure: ApiFailure = { code: error.code ?? 'generic', message: error.message ?? res.statusText, field: error.field, key: error.key, status: res.status };
    return { ok: false, error: failure };
  } catch {
    return { ok: false, error: { code: 'network', message: 'network', status: 0 } };
  }
}
