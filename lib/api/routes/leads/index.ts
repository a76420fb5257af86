import { Hono } from 'hono';
import * as leads from './leads';
import * as contact from './contact';

/** /api/leads/*: the routes of this resource, static paths before parameters. */
export const leadsRoutes = new Hono().post('/api/leads', leads.POST).post('/api/leads/contact', contact.POST);
