import { Hono } from 'hono';
import * as health from './health';

/** /api/health/*: the routes of this resource, static paths before parameters. */
export const healthRoutes = new Hono()
  .get('/api/health', health.GET);
