import { Hono } from 'hono';
import * as favicon from './favicon';
import * as manifest from './manifest';
import * as robots from './robots';
import * as sitemap from './sitemap';
import * as sitemapFile from './sitemap-file';

/** The files crawlers and browsers read at the site's root: robots.txt, sitemaps, the web app manifest and the favicon. */
export const siteRoutes = new Hono()
  .get('/robots.txt', robots.GET)
  .get('/sitemap.xml', sitemap.GET)
  .get('/sitemap/:file', sitemapFile.GET)
  .get('/manifest.webmanifest', manifest.GET)
  .get('/favicon.ico', favicon.GET);
