import { Hono } from 'hono';
import * as availability from './availability';
import * as offers from './offers';
import * as offersItem from './offers-item';
import * as rides from './rides';
import * as ridesFlight from './rides-flight';
import * as ridesItem from './rides-item';

/** /api/driver/*: the routes of this resource, static paths before parameters. */
export const driverRoutes = new Hono()
  .get('/api/driver/availability', availability.GET)
  .patch('/api/driver/availability', availability.PATCH)
  .get('/api/driver/offers', offers.GET)
  .post('/api/driver/offers/:id', offersItem.POST)
  .get('/api/driver/rides', rides.GET)
  .post('/api/driver/rides/:id', ridesItem.POST)
  .post('/api/driver/rides/:id/flight', ridesFlight.POST);
