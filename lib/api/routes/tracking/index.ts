import { Hono } from 'hono';
import * as adMetrics from './ad-metrics';
import * as report from './report';
import * as visit from './visit';

/** /api/tracking/*: the routes of this resource, static paths before parameters. */
export const trackingRoutes = new Hono()
  .post('/api/tracking/ad-metrics', adMetrics.POST)
  .get('/api/tracking/report', report.GET)
  .post('/api/tracking/visit', visit.POST);
