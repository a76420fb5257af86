import { Hono } from 'hono';
import * as business from './business';

/** /api/business/*: the routes of this resource, static paths before parameters. */
export const businessRoutes = new Hono().get('/api/business', business.GET);
