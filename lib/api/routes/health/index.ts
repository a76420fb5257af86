import { Hono } from 'hono';
import * as health from './health';
import * as ready from './ready';

/** Liveness (/api/health) and readiness (/api/ready) probes. */
export const healthRoutes = new Hono().get('/api/health', health.GET).get('/api/ready', ready.GET);
