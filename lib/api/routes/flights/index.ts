import { Hono } from 'hono';
import * as check from './check';

/** /api/flights/*: the routes of this resource. */
export const flightsRoutes = new Hono().get('/api/flights/check', check.GET);
