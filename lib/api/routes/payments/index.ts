import { Hono } from 'hono';
import * as payments from './payments';
import * as cash from './cash';
import * as payuFailure from './payu-failure';
import * as payuSuccess from './payu-success';
import * as item from './item';

/** /api/payments/*: the routes of this resource, static paths before parameters. */
export const paymentsRoutes = new Hono()
  .post('/api/payments', payments.POST)
  .get('/api/payments', payments.GET)
  .post('/api/payments/cash', cash.POST)
  .post('/api/payments/payu/failure', payuFailure.POST)
  .post('/api/payments/payu/success', payuSuccess.POST)
  .get('/api/payments/:txnId', item.GET);
