import { Hono } from 'hono';
import * as events from './events';

/** /api/events/*: the routes of this resource, static paths before parameters. */
export const eventsRoutes = new Hono().post('/api/events', events.POST);
