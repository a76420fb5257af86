import { revalidatePath, revalidateTag } from 'next/cache';
import type { NextRefresh } from './next-cache';
import { isRevalidateSecret } from './secret';

/**
 * Next's side of a refresh (app/api/internal/revalidate/route.ts): runs inside Next's request scope, where
 * revalidatePath and revalidateTag work. Reached only in-process (every /api/* request from outside goes to
 * the API router); the per-process secret keeps it closed even if that changes.
 */
export async function refreshInsideNext(req: Request): Promise<Response> {
  if (!isRevalidateSecret(req.headers.get('x-revalidate-secret'))) return new Response(null, { status: 404 });
  const { paths, tags } = (await req.json()) as NextRefresh;
  for (const { path, type } of paths) revalidatePath(path, type);
  for (const tag of tags) revalidateTag(tag, { expire: 0 });
  return Response.json({ success: true });
}
