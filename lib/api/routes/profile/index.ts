import { Hono } from 'hono';
import * as email from './email';
import * as profile from './profile';

/** /api/profile/*: the routes of this resource, static paths before parameters. */
export const profileRoutes = new Hono()
  .patch('/api/profile', profile.PATCH)
  .delete('/api/profile', profile.DELETE)
  .post('/api/profile/email', email.POST)
  .post('/api/profile/email/verify', email.VERIFY);
