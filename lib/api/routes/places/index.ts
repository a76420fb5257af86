import { Hono } from 'hono';
import * as reverse from './reverse';
import * as search from './search';

/** /api/places/*: the routes of this resource, static paths before parameters. */
export const placesRoutes = new Hono().get('/api/places/reverse', reverse.GET).get('/api/places/search', search.GET);
