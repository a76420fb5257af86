import { Hono } from 'hono';
import * as blog from './blog';
import * as generate from './generate';
import * as images from './images';
import * as item from './item';

/** /api/blog/*: the routes of this resource, static paths before parameters. */
export const blogRoutes = new Hono()
  .get('/api/blog', blog.GET)
  .post('/api/blog', blog.POST)
  .post('/api/blog/generate', generate.POST)
  .post('/api/blog/images', images.POST)
  .get('/api/blog/:slug', item.GET)
  .put('/api/blog/:slug', item.PUT)
  .delete('/api/blog/:slug', item.DELETE);
