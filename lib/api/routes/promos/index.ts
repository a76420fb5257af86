import { Hono } from 'hono';
import * as check from './check';

/** /api/promos/*: a rider's promo code checked against a fare. */
export const promosRoutes = new Hono().post('/api/promos/check', check.POST);
