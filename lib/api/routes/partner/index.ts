import { Hono } from 'hono';
import * as agencies from './agencies';
import * as agenciesItem from './agencies-item';
import * as airportPhotos from './airport-photos';
import * as airports from './airports';
import * as airportsItem from './airports-item';
import * as customers from './customers';
import * as drivers from './drivers';
import * as driversItem from './drivers-item';
import * as events from './events';
import * as invoiceSettings from './invoice-settings';
import * as overview from './overview';
import * as rates from './rates';
import * as ratesItem from './rates-item';
import * as rides from './rides';
import * as ridesAssignable from './rides-assignable';
import * as ridesBook from './rides-book';
import * as ridesExport from './rides-export';
import * as ridesFlight from './rides-flight';
import * as ridesInvoice from './rides-invoice';
import * as ridesItem from './rides-item';
import * as reviews from './reviews';
import * as reviewsItem from './reviews-item';
import * as tripRules from './trip-rules';
import * as vehicles from './vehicles';
import * as vehiclesItem from './vehicles-item';
import * as waitingRules from './waiting-rules';
import * as wallet from './wallet';

/** /api/partner/*: the routes of this resource, static paths before parameters. */
export const partnerRoutes = new Hono()
  .get('/api/partner/agencies', agencies.GET)
  .post('/api/partner/agencies', agencies.POST)
  .patch('/api/partner/agencies/:id', agenciesItem.PATCH)
  .delete('/api/partner/agencies/:id', agenciesItem.DELETE)
  .post('/api/partner/airport-photos', airportPhotos.POST)
  .get('/api/partner/airports', airports.GET)
  .put('/api/partner/airports/:code', airportsItem.PUT)
  .delete('/api/partner/airports/:code', airportsItem.DELETE)
  .get('/api/partner/customers', customers.GET)
  .get('/api/partner/drivers', drivers.GET)
  .post('/api/partner/drivers', drivers.POST)
  .patch('/api/partner/drivers/:id', driversItem.PATCH)
  .delete('/api/partner/drivers/:id', driversItem.DELETE)
  .get('/api/partner/events', events.GET)
  .get('/api/partner/invoice-settings', invoiceSettings.GET)
  .put('/api/partner/invoice-settings', invoiceSettings.PUT)
  .get('/api/partner/overview', overview.GET)
  .get('/api/partner/rates', rates.GET)
  .put('/api/partner/rates/:vehicleType', ratesItem.PUT)
  .get('/api/partner/reviews', reviews.GET)
  .patch('/api/partner/reviews/:id', reviewsItem.PATCH)
  .get('/api/partner/rides', rides.GET)
  .get('/api/partner/rides/assignable', ridesAssignable.GET)
  .post('/api/partner/rides/book', ridesBook.POST)
  .get('/api/partner/rides/export', ridesExport.GET)
  .post('/api/partner/rides/:id', ridesItem.POST)
  .post('/api/partner/rides/:id/flight', ridesFlight.POST)
  .get('/api/partner/rides/:id/invoice', ridesInvoice.GET)
  .get('/api/partner/trip-rules', tripRules.GET)
  .put('/api/partner/trip-rules', tripRules.PUT)
  .get('/api/partner/vehicles', vehicles.GET)
  .post('/api/partner/vehicles', vehicles.POST)
  .patch('/api/partner/vehicles/:id', vehiclesItem.PATCH)
  .delete('/api/partner/vehicles/:id', vehiclesItem.DELETE)
  .get('/api/partner/waiting-rules', waitingRules.GET)
  .put('/api/partner/waiting-rules', waitingRules.PUT)
  .get('/api/partner/wallet', wallet.GET);
