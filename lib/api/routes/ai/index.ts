import { Hono } from 'hono';
import * as ride from './ride';

/** /api/ai/*: the routes of this resource, static paths before parameters. */
export const aiRoutes = new Hono().post('/api/ai/ride', ride.POST);
