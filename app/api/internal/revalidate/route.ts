import { revalidatePath, revalidateTag } from 'next/cache';
import { isRevalidateSecret } from '@/lib/http/revalidate-secret';
import type { RevalidateRequest } from '@/lib/http/revalidate';

/**
 * Next's cache refresh, reached only in-process by server.ts (every /api/* request from outside goes to the API router);
 * the per-process secret keeps it closed even if that changes.
 */
export async function POST(req: Request): Promise<Response> {
  if (!isRevalidateSecret(req.headers.get('x-revalidate-secret'))) return new Response(null, { status: 404 });
  const { paths, tags } = (await req.json()) as RevalidateRequest;
  for (const { path, type } of paths) revalidatePath(path, type);
  for (const tag of tags) revalidateTag(tag, { expire: 0 });
  return Response.json({ success: true });
}
