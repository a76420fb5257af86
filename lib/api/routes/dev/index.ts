import { Hono } from 'hono';
import * as outbox from './outbox';

/** /api/dev/*: the routes of this resource, static paths before parameters. */
export const devRoutes = new Hono().get('/api/dev/outbox', outbox.GET);
