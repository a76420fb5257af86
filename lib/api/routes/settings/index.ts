import { Hono } from 'hono';
import * as checklist from './checklist';
import * as cities from './cities';
import * as citiesSearch from './cities-search';
import * as colour from './colour';
import * as logo from './logo';
import * as market from './market';
import * as profile from './profile';
import * as settings from './settings';

/** /api/settings/*: the operator's business settings (partner only, the Host's operator only). */
export const settingsRoutes = new Hono()
  .get('/api/settings', settings.GET)
  .get('/api/settings/checklist', checklist.GET)
  .put('/api/settings/cities', cities.PUT)
  .get('/api/settings/cities/search', citiesSearch.GET)
  .put('/api/settings/colour', colour.PUT)
  .post('/api/settings/logo', logo.POST)
  .delete('/api/settings/logo', logo.DELETE)
  .put('/api/settings/market', market.PUT)
  .put('/api/settings/profile', profile.PUT);
