import { Hono } from 'hono';
import * as item from './item';
import * as share from './share';

/** /media/*: uploaded images (blog covers, logos and their icons) and share images, at paths crawlers may fetch. */
export const mediaRoutes = new Hono().get('/media/:tenant/share/:file', share.GET).get('/media/:path{.+}', item.GET);
