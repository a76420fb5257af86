import { Hono } from 'hono';
import * as wallet from './wallet';

/** /api/wallet/*: the routes of this resource, static paths before parameters. */
export const walletRoutes = new Hono().get('/api/wallet', wallet.GET);
