import type { IncomingMessage } from 'node:http';
import { Hono } from 'hono';
import { routePath } from 'hono/route';
import { labelRoute } from '@/lib/metrics';
import { SECURITY_HEADERS } from '@/lib/http/security-headers.mjs';
import { DomainError, notFound } from './errors';
import { errorBody, toErrorResponse } from './endpoint';
import { aiRoutes } from './routes/ai';
import { authRoutes } from './routes/auth';
import { blogRoutes } from './routes/blog';
import { businessRoutes } from './routes/business';
import { chatRoutes } from './routes/chat';
import { devRoutes } from './routes/dev';
import { driverRoutes } from './routes/driver';
import { eventsRoutes } from './routes/events';
import { flightsRoutes } from './routes/flights';
import { healthRoutes } from './routes/health';
import { hostingRoutes } from './routes/hosting';
import { leadsRoutes } from './routes/leads';
import { mediaRoutes } from './routes/media';
import { partnerRoutes } from './routes/partner';
import { paymentsRoutes } from './routes/payments';
import { placesRoutes } from './routes/places';
import { platformRoutes } from './routes/platform';
import { profileRoutes } from './routes/profile';
import { promosRoutes } from './routes/promos';
import { pushRoutes } from './routes/push';
import { ridesRoutes } from './routes/rides';
import { settingsRoutes } from './routes/settings';
import { siteRoutes } from './routes/site';
import { trackingRoutes } from './routes/tracking';
import { uploadsRoutes } from './routes/uploads';
import { walletRoutes } from './routes/wallet';
import { whatsappRoutes } from './routes/whatsapp';
import { carriesSecurityHeaders, jsonResponse } from '@/lib/http/json';

/** Every API route, one module per resource; its type gives the browser its typed client. */
const routes = new Hono()
  .route('/', aiRoutes)
  .route('/', authRoutes)
  .route('/', blogRoutes)
  .route('/', businessRoutes)
  .route('/', chatRoutes)
  .route('/', devRoutes)
  .route('/', driverRoutes)
  .route('/', eventsRoutes)
  .route('/', flightsRoutes)
  .route('/', healthRoutes)
  .route('/', hostingRoutes)
  .route('/', leadsRoutes)
  .route('/', mediaRoutes)
  .route('/', partnerRoutes)
  .route('/', paymentsRoutes)
  .route('/', placesRoutes)
  .route('/', promosRoutes)
  .route('/', platformRoutes)
  .route('/', profileRoutes)
  .route('/', pushRoutes)
  .route('/', ridesRoutes)
  .route('/', settingsRoutes)
  .route('/', siteRoutes)
  .route('/', trackingRoutes)
  .route('/', uploadsRoutes)
  .route('/', walletRoutes)
  .route('/', whatsappRoutes);

export type ApiRoutes = typeof routes;

/** One registered route: method and path as the router holds them. */
export type RouteEntry = { method: string; path: string };

/** The router's own table of routes (the security suites enumerate it). */
export const API_ROUTES: readonly RouteEntry[] = routes.routes.map(({ method, path }) => ({ method, path }));

function patternOf(path: string): RegExp {
  const source = path
    .split('/')
    .map((segment) => (segment.startsWith(':') ? (segment.endsWith('{.+}') ? '.+' : '[^/]+') : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${source}$`);
}

const PATTERNS = API_ROUTES.map((route) => ({ ...route, pattern: patternOf(route.path) }));

/** The methods a path answers (HEAD with GET, OPTIONS always), empty when no route has the path. */
export function allowedMethods(pathname: string): string[] {
  const methods = new Set(PATTERNS.filter((route) => route.pattern.test(pathname)).map((route) => route.method));
  if (methods.size === 0) return [];
  if (methods.has('GET')) methods.add('HEAD');
  methods.add('OPTIONS');
  return [...methods].sort();
}

function withSecurityHeaders(response: Response): Response {
  for (const { key, value } of SECURITY_HEADERS) if (!response.headers.has(key)) response.headers.set(key, value);
  return response;
}

/** The API router: security headers on every answer, 405 with Allow for a known path and another method, JSON errors. */
export const apiApp = new Hono()
  .use(async (c, next) => {
    await next();
    // the matched route's pattern labels the request's metrics (server.ts counts it when the answer ends)
    const route = routePath(c, -1);
    if (route && route !== '*' && route !== '/*') labelRoute((c.env as { incoming?: IncomingMessage } | undefined)?.incoming, `${route}`);
    try {
      if (!carriesSecurityHeaders(c.res)) withSecurityHeaders(c.res);
    } catch {
      // a Response whose headers are immutable (rare): answer it as it is
    }
  })
  .route('/', routes)
  .notFound((c) => {
    const allow = allowedMethods(c.req.path);
    if (allow.length === 0) return jsonResponse(errorBody(notFound()), { status: 404 });
    if (c.req.method === 'OPTIONS') return new Response(null, { status: 204, headers: { allow: allow.join(', ') } });
    const error = new DomainError('method_not_allowed', 'method_not_allowed', `This address does not answer ${c.req.method}.`);
    return jsonResponse(errorBody(error), { status: 405, headers: { allow: allow.join(', ') } });
  })
  .onError((error) => toErrorResponse(error));
