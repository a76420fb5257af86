import { Hono } from 'hono';
import * as agencies from './agencies';
import * as agenciesItem from './agencies-item';
import * as airportPhotos from './airport-photos';
import * as airports from './airports';
import * as airportsItem from './airports-item';
import * as cancellationRules from './cancellation-rules';
import * as customers from './customers';
import * as dispatchSettings from './dispatch-settings';
import * as documents from './documents';
import * as drivers from './drivers';
import * as driversDocuments from './drivers-documents';
import * as driversItem from './drivers-item';
import * as driversPhoto from './drivers-photo';
import * as events from './events';
import * as fleetLive from './fleet-live';
import * as invoiceSettings from './invoice-settings';
import * as money from './money';
import * as moneyExport from './money-export';
import * as overview from './overview';
import * as promos from './promos';
import * as promosItem from './promos-item';
import * as rates from './rates';
import * as ratesItem from './rates-item';
import * as rides from './rides';
import * as ridesAssignable from './rides-assignable';
import * as ridesBook from './rides-book';
import * as ridesExport from './rides-export';
import * as ridesFlight from './rides-flight';
import * as ridesInvoice from './rides-invoice';
import * as ridesItem from './rides-item';
import * as ridesRefunds from './rides-refunds';
import * as refundsRetry from './refunds-retry';
import * as reviews from './reviews';
import * as reviewsItem from './reviews-item';
import * as tripRules from './trip-rules';
import * as vehicles from './vehicles';
import * as vehiclesDocuments from './vehicles-documents';
import * as vehiclesItem from './vehicles-item';
import * as vehiclesPhoto from './vehicles-photo';
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
  .get('/api/partner/cancellation-rules', cancellationRules.GET)
  .put('/api/partner/cancellation-rules', cancellationRules.PUT)
  .get('/api/partner/customers', customers.GET)
  .get('/api/partner/dispatch-settings', dispatchSettings.GET)
  .put('/api/partner/dispatch-settings', dispatchSettings.PUT)
  .get('/api/partner/documents', documents.GET)
  .get('/api/partner/drivers', drivers.GET)
  .post('/api/partner/drivers', drivers.POST)
  .patch('/api/partner/drivers/:id', driversItem.PATCH)
  .delete('/api/partner/drivers/:id', driversItem.DELETE)
  .put('/api/partner/drivers/:id/documents', driversDocuments.PUT)
  .post('/api/partner/drivers/:id/photo', driversPhoto.POST)
  .delete('/api/partner/drivers/:id/photo', driversPhoto.DELETE)
  .get('/api/partner/events', events.GET)
  .get('/api/partner/fleet/live', fleetLive.GET)
  .get('/api/partner/invoice-settings', invoiceSettings.GET)
  .put('/api/partner/invoice-settings', invoiceSettings.PUT)
  .get('/api/partner/money', money.GET)
  .get('/api/partner/money/export', moneyExport.GET)
  .get('/api/partner/overview', overview.GET)
  .get('/api/partner/promos', promos.GET)
  .post('/api/partner/promos', promos.POST)
  .put('/api/partner/promos/:id', promosItem.PUT)
  .patch('/api/partner/promos/:id', promosItem.PATCH)
  .delete('/api/partner/promos/:id', promosItem.DELETE)
  .get('/api/partner/rates', rates.GET)
  .put('/api/partner/rates/:vehicleType', ratesItem.PUT)
  .get('/api/partner/reviews', reviews.GET)
  .patch('/api/partner/reviews/:id', reviewsItem.PATCH)
  .get('/api/partner/rides', rides.GET)
  .get('/api/partner/rides/assignable', ridesAssignable.GET)
  .post('/api/partner/rides/book', ridesBook.POST)
  .get('/api/partner/rides/export', ridesExport.GET)
  .post('/api/partner/refunds/:id/retry', refundsRetry.POST)
  .post('/api/partner/rides/:id', ridesItem.POST)
  .post('/api/partner/rides/:id/flight', ridesFlight.POST)
  .post('/api/partner/rides/:id/refunds', ridesRefunds.POST)
  .get('/api/partner/rides/:id/invoice', ridesInvoice.GET)
  .get('/api/partner/trip-rules', tripRules.GET)
  .put('/api/partner/trip-rules', tripRules.PUT)
  .get('/api/partner/vehicles', vehicles.GET)
  .post('/api/partner/vehicles', vehicles.POST)
  .patch('/api/partner/vehicles/:id', vehiclesItem.PATCH)
  .delete('/api/partner/vehicles/:id', vehiclesItem.DELETE)
  .put('/api/partner/vehicles/:id/documents', vehiclesDocuments.PUT)
  .post('/api/partner/vehicles/:id/photo', vehiclesPhoto.POST)
  .delete('/api/partner/vehicles/:id/photo', vehiclesPhoto.DELETE)
  .get('/api/partner/waiting-rules', waitingRules.GET)
  .put('/api/partner/waiting-rules', waitingRules.PUT)
  .get('/api/partner/wallet', wallet.GET);
