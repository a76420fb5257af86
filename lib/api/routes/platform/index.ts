import { Hono } from 'hono';
import * as walletEntries from './wallet-entries';

/** /api/platform/*: the platform's own routes (bearer token, not an operator's session). */
export const platformRoutes = new Hono().post('/api/platform/wallet-entries', walletEntries.POST);
