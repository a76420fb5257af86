import { Hono } from 'hono';
import * as handoff from './handoff';
import * as logout from './logout';
import * as me from './me';
import * as otpSend from './otp-send';
import * as otpVerify from './otp-verify';

/** /api/auth/*: the routes of this resource, static paths before parameters. */
export const authRoutes = new Hono()
  .get('/api/auth/handoff', handoff.GET)
  .post('/api/auth/logout', logout.POST)
  .get('/api/auth/me', me.GET)
  .post('/api/auth/otp/send', otpSend.POST)
  .post('/api/auth/otp/verify', otpVerify.POST);
