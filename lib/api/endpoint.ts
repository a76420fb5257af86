import type { Context, Env, Handler, TypedResponse } from 'hono';
import type { JSONParsed } from 'hono/utils/types';
import { z, type ZodType } from 'zod';
import { getDb, type Db } from '@/lib/db/client';
import { databaseUnavailable, refuseWhileDatabaseStalled } from '@/lib/db/watchdog';
import { isConnectionLoss } from '@/lib/db/pg-errors';
import type { UserRole } from '@/lib/db/schema';
import { logger } from '@/lib/log';
import { readSession, SESSION_COOKIE, type SessionUser } from '@/lib/auth/session';
import { resolveTenantForHost, type ResolvedTenant } from '@/lib/tenancy/resolve';
import { DomainError, badRequest, errorHeaders, forbidden, HTTP_STATUS, notFound, payloadTooLarge, unauthorized } from './errors';
import { declaredLength, readBody } from '@/lib/http/body';
import { isAllowedOrigin, isCrossSiteFetch } from '@/lib/http/origin';
import { refuseNul } from '@/lib/http/params';
import { validationText } from '@/lib/errors/validation-text';
import { cookieValue } from '@/lib/http/cookies';
import { jsonResponse } from '@/lib/http/json';

export type Auth = 'none' | 'optional' | 'required' | readonly UserRole[];

export type EndpointOptions<B extends ZodType | undefined, Q extends ZodType | undefined> = {
  auth?: Auth;
  body?: B;
  query?: Q;
  /** Largest accepted body in bytes (default 64 KiB), also for handlers that read the body themselves. */
  maxBytes?: number;
  /** Skip the Origin check (only for callbacks that authenticate otherwise, e.g. signed webhooks). */
  crossSite?: boolean;
  /** Let NUL characters through in the body, for handlers that clean text themselves (e.g. sanitised HTML); refused with 400 otherwise. */
  keepNul?: boolean;
};

type Infer<T> = T extends ZodType ? z.infer<T> : undefined;

export type HandlerContext<B, Q, S> = {
  /** The request as the client sent it (headers, body stream, URL). */
  req: Request;
  url: URL;
  /** A cookie of the request, undefined when absent. */
  cookie: (name: string) => string | undefined;
  db: Db;
  tenant: ResolvedTenant['tenant'];
  mode: ResolvedTenant['mode'];
  /** How the Host named the tenant: the platform's host, the operator's own domain, or a platform subdomain / main host. */
  hostKind: ResolvedTenant['host'];
  session: S;
  body: B;
  query: Q;
  params: Record<string, string>;
};

type SessionFor<A extends Auth | undefined> = A extends 'required' | readonly UserRole[] ? SessionUser : SessionUser | undefined;

/** What the typed client reads from a handler's answer: plain data is JSON with status 200; a Response is passed through as it is. */
export type EndpointResult<R> = R extends Response ? R : Response & TypedResponse<JSONParsed<R>, 200, 'json'>;

type EndpointInput<B, Q> = {
  in: (B extends ZodType ? { json: z.input<B> } : object) & (Q extends ZodType ? { query: { [K in keyof z.input<Q>]: string } } : object);
  out: object;
};

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const DEFAULT_MAX_BYTES = 64 * 1024;

function describeIssue(issue: z.core.$ZodIssue): { message: string; field?: string } {
  const field = issue.path.length ? issue.path.map(String).join('.') : undefined;
  const text = validationText(issue.message);
  return { field, message: field ? `${field}: ${text}` : text };
}

export function parseWith<T extends ZodType>(schema: T, value: unknown): z.infer<T> {
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

async function readJson(req: Request, maxBytes: number): Promise<unknown> {
  const text = (await readBody(req, maxBytes)).toString('utf8');
  if (!text.trim()) return {};
  const type = req.headers.get('content-type') ?? '';
  if (type.includes('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(text));
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest('The request body is not valid JSON.');
  }
}

function sessionToken(req: Request): string | undefined {
  const bearer = req.headers.get('authorization');
  if (bearer?.startsWith('Bearer ')) return bearer.slice(7).trim();
  return cookieValue(req.headers.get('cookie'), SESSION_COOKIE);
}

export function errorBody(error: DomainError) {
  return {
    success: false as const,
    error: { code: error.code, message: error.message, field: error.field, key: error.key, ...(error.values ? { values: error.values } : {}) },
  };
}

/**
 * The one mapping from errors to HTTP answers: typed errors keep their status; a lost database connection answers
 * 503 (try again: nothing the request sent was wrong); anything else is logged and answers 500.
 */
export function toErrorResponse(error: unknown): Response {
  if (error instanceof DomainError) return jsonResponse(errorBody(error), { status: HTTP_STATUS[error.kind], headers: errorHeaders(error) });
  if (isConnectionLoss(error)) {
    logger.warn({ err: error }, 'database connection lost during a request');
    return toErrorResponse(databaseUnavailable());
  }
  logger.error({ err: error }, 'unhandled route error');
  return jsonResponse({ success: false, error: { code: 'internal', message: 'Something went wrong. Try again later.' } }, { status: 500 });
}

function pathParams(c: Context): Record<string, string> {
  const params = c.req.param() as Record<string, string>;
  refuseNul(params);
  return params;
}

/**
 * The one contract for every API route: resolves the tenant from the Host,
 * checks Origin on state-changing methods, limits the body, reads the session
 * and role, parses query and body with zod and maps typed errors to status
 * codes. The handler answers plain data (sent as JSON) or a Response.
 */
export function endpoint<
  R,
  A extends Auth | undefined = undefined,
  B extends ZodType | undefined = undefined,
  Q extends ZodType | undefined = undefined,
  E extends Env = Env,
  P extends string = string,
>(
  options: EndpointOptions<B, Q> & { auth?: A },
  handler: (ctx: HandlerContext<Infer<B>, Infer<Q>, SessionFor<A>>) => Promise<R>,
): Handler<E, P, EndpointInput<B, Q>, Promise<EndpointResult<R>>> {
  return async (c) => {
    const req = c.req.raw;
    // a stalled database answers 503 at once rather than a request that waits behind it (lib/db/watchdog.ts)
    refuseWhileDatabaseStalled();
    const resolved = await resolveTenantForHost(req.headers.get('host'));
    if (!resolved) throw notFound('No travel operator answers on this host.');
    if (STATE_CHANGING.has(req.method) && !options.crossSite) {
      if (!isAllowedOrigin(req.headers.get('origin'), req.headers.get('host')) || isCrossSiteFetch(req.headers.get('sec-fetch-site'))) {
        throw forbidden('Cross-site requests are not allowed.');
      }
    }
    const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
    if (declaredLength(req) > maxBytes) throw payloadTooLarge(maxBytes);
    const db = await getDb();
    const auth = options.auth ?? 'none';
    let session: SessionUser | undefined;
    if (auth !== 'none') {
      const token = sessionToken(req);
      session = token ? await readSession(db, token, resolved.tenant.id) : undefined;
      if (!session && auth !== 'optional') throw unauthorized();
      if (session && Array.isArray(auth) && !auth.includes(session.role)) throw forbidden();
    }
    const params = pathParams(c);
    const url = new URL(req.url);
    const rawQuery = Object.fromEntries(url.searchParams);
    refuseNul(rawQuery);
    const query = options.query ? parseWith(options.query, rawQuery) : undefined;
    let body: unknown;
    if (options.body) {
      const raw = await readJson(req, maxBytes);
      if (!options.keepNul) refuseNul(raw);
      body = parseWith(options.body, raw);
    }
    const result = await handler({
      req,
      url,
      cookie: (name) => cookieValue(req.headers.get('cookie'), name),
      db,
      tenant: resolved.tenant,
      mode: resolved.mode,
      hostKind: resolved.host,
      session: session as SessionFor<A>,
      body: body as Infer<B>,
      query: query as Infer<Q>,
      params,
    });
    return (result instanceof Response ? result : jsonResponse(result)) as EndpointResult<R>;
  };
}

/** A JSON answer with its status, typed for the client. */
export function jsonAt<T, S extends 200 | 201 | 202>(data: T, status: S, headers?: HeadersInit): Response & TypedResponse<JSONParsed<T>, S, 'json'> {
  return jsonResponse(data, { status, headers }) as Response & TypedResponse<JSONParsed<T>, S, 'json'>;
}
