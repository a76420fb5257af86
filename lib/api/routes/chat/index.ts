import { Hono } from 'hono';
import * as history from './history';
import * as message from './message';

/** /api/chat/*: the routes of this resource, static paths before parameters. */
export const chatRoutes = new Hono().get('/api/chat/history', history.GET).put('/api/chat/history', history.PUT).post('/api/chat/message', message.POST);
