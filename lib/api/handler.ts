import { NextResponse, type NextRequest } from 'next/server';
import { z, type ZodType } from 'zod';
import { getDb, type Db } from '@/lib/db/client';
import type { UserRole } from '@/lib/db/schema';
import { logger } from '@/lib/log';
import { readSession, SESSION_COOKIE, type SessionUser } from '@/lib/auth/session';
import { resolveTenantForHost, type ResolvedTenant } from '@/lib/tenancy/resolve';
import { ApiError, badRequest, forbidden, notFound, payloadTooLarge, unauthorized } from './errors';
import { isAllowedOrigin, isCrossSiteFetch } from './origin';
import { validationText } from './validation-text';

type Auth = 'none' | 'optional' | 'required' | readonly UserRole[];

type Options<B extends ZodType | undefined, Q extends ZodType | undefined> = {
  auth?: Auth;
  body?: B;
  query?: Q;
  /** Largest accepted body in bytes (default 64 KiB). */
  maxBytes?: number;
  /** Skip the Origin check (only for callbacks that authenticate otherwise, e.g. signed webhooks). */
  crossSite?: boolean;
};

type Infer<T> = T extends ZodType ? z.infer<T> : undefined;

export type HandlerContext<B, Q, S> = {
  req: NextRequest;
  db: Db;
  tenant: ResolvedTenant['tenant'];
  mode: ResolvedTenant['mode'];
  session: S;
  body: B;
  query: Q;
  params: Record<string, string | string[]>;
};

type SessionFor<A extends Auth | undefined> = A extends 'required' | readonly UserRole[] ? SessionUser : SessionUser | undefined;

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const DEFAULT_MAX_BYTES = 64 * 1024;

function describeIssue(issue: z.core.$ZodIssue): { message: string; field?: string } {
  const field = issue.path.length ? issue.path.map(String).join('.') : undefined;
  const text = validationText(issue.message);
  return { field, message: field ? `${field}: ${text}` : text };
}

function parseWith<T extends ZodType>(schema: T, value: unknown): z.infer<T> {
  const result = schema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0];
    const { message, field } = describeIssue(issue);
    const error = badRequest(message, field);
    error.key = issue.message;
    throw error;
  }
  return result.data;
}

async function readJson(req: NextRequest, maxBytes: number): Promise<unknown> {
  const declared = Number(req.headers.get('content-length') ?? '0');
  if (declared > maxBytes) throw payloadTooLarge(maxBytes);
  const text = await req.text();
  if (Buffer.byteLength(text) > maxBytes) throw payloadTooLarge(maxBytes);
  if (!text.trim()) return {};
  const type = req.headers.get('content-type') ?? '';
  if (type.includes('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(text));
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest('The request body is not valid JSON.');
  }
}

function sessionToken(req: NextRequest): string | undefined {
  const bearer = req.headers.get('authorization');
  if (bearer?.startsWith('Bearer ')) return bearer.slice(7).trim();
  return req.cookies.get(SESSION_COOKIE)?.value;
}

export function toErrorResponse(error: unknown): NextResponse {
  if (error instanceof ApiError) {
    return NextResponse.json(
      { success: false, error: { code: error.code, message: error.message, field: error.field, key: error.key } },
      { status: error.status, headers: error.headers },
    );
  }
  logger.error({ err: error }, 'unhandled route error');
  return NextResponse.json({ success: false, error: { code: 'internal', message: 'Something went wrong. Try again later.' } }, { status: 500 });
}

/**
 * The one wrapper for route handlers: resolves the tenant from the Host,
 * checks Origin on state-changing methods, reads the session and role,
 * parses body and query with zod, and maps typed errors to status codes.
 */
export function route<A extends Auth | undefined = undefined, B extends ZodType | undefined = undefined, Q extends ZodType | undefined = undefined>(
  options: Options<B, Q> & { auth?: A },
  handler: (ctx: HandlerContext<Infer<B>, Infer<Q>, SessionFor<A>>) => Promise<Response | unknown>,
) {
  return async (req: NextRequest, context: { params?: Promise<Record<string, string | string[]>> }): Promise<Response> => {
    try {
      const resolved = await resolveTenantForHost(req.headers.get('host'));
      if (!resolved) throw notFound('No travel operator answers on this host.');
      if (STATE_CHANGING.has(req.method) && !options.crossSite) {
        if (!isAllowedOrigin(req.headers.get('origin'), req.headers.get('host')) || isCrossSiteFetch(req.headers.get('sec-fetch-site'))) {
          throw forbidden('Cross-site requests are not allowed.');
        }
      }
      const db = await getDb();
      const auth = options.auth ?? 'none';
      let session: SessionUser | undefined;
      if (auth !== 'none') {
        const token = sessionToken(req);
        session = token ? await readSession(db, token, resolved.tenant.id) : undefined;
        if (!session && auth !== 'optional') throw unauthorized();
        if (session && Array.isArray(auth) && !auth.includes(session.role)) throw forbidden();
      }
      const query = options.query ? parseWith(options.query, Object.fromEntries(req.nextUrl.searchParams)) : undefined;
      const body = options.body ? parseWith(options.body, await readJson(req, options.maxBytes ?? DEFAULT_MAX_BYTES)) : undefined;
      const params = (await context?.params) ?? {};
      const result = await handler({
        req,
        db,
        tenant: resolved.tenant,
        mode: resolved.mode,
        session: session as SessionFor<A>,
        body: body as Infer<B>,
        query: query as Infer<Q>,
        params,
      });
      return result instanceof Response ? result : NextResponse.json(result);
    } catch (error) {
      return toErrorResponse(error);
    }
  };
}
