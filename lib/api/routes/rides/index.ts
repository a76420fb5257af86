import { Hono } from 'hono';
import * as rides from './rides';
import * as quote from './quote';
import * as itemCancel from './item-cancel';
import * as itemShare from './item-share';
import * as itemTrack from './item-track';
import * as itemInvoice from './item-invoice';
import * as itemRating from './item-rating';

/** /api/rides/*: the routes of this resource, static paths before parameters. */
export const ridesRoutes = new Hono()
  .get('/api/rides', rides.GET)
  .post('/api/rides', rides.POST)
  .post('/api/rides/quote', quote.POST)
  .post('/api/rides/:id/cancel', itemCancel.POST)
  .post('/api/rides/:id/share', itemShare.POST)
  .get('/api/rides/:id/track', itemTrack.GET)
  .get('/api/rides/:id/invoice', itemInvoice.GET)
  .post('/api/rides/:id/rating', itemRating.POST);
