import { Hono } from 'hono';
import * as item from './item';

/** /media/*: uploaded images (blog covers) at a path crawlers may fetch. */
export const mediaRoutes = new Hono()
  .get('/media/:path{.+}', item.GET);
