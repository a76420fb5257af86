import { Hono } from 'hono';
import * as item from './item';

/** /api/uploads/*: the routes of this resource, static paths before parameters. */
export const uploadsRoutes = new Hono().get('/api/uploads/:path{.+}', item.GET);
