import { Hono } from 'hono';
import * as key from './key';
import * as settings from './settings';
import * as subscriptions from './subscriptions';

/** /api/push/*: the routes of this resource, static paths before parameters. */
export const pushRoutes = new Hono()
  .get('/api/push/key', key.GET)
  .get('/api/push/settings', settings.GET)
  .put('/api/push/settings', settings.PUT)
  .post('/api/push/subscriptions', subscriptions.POST)
  .delete('/api/push/subscriptions', subscriptions.DELETE);
