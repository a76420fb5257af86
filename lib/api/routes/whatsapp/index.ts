import { Hono } from 'hono';
import * as webhook from './webhook';

/** /api/whatsapp/*: the routes of this resource, static paths before parameters. */
export const whatsappRoutes = new Hono().get('/api/whatsapp/webhook', webhook.GET).post('/api/whatsapp/webhook', webhook.POST);
