import { Hono } from 'hono';
import * as domain from './domain';
import * as domainVerify from './domain-verify';
import * as integrations from './integrations';
import * as integrationsFlights from './integrations-flights';
import * as integrationsItem from './integrations-item';
import * as integrationsPayu from './integrations-payu';
import * as integrationsWhatsapp from './integrations-whatsapp';

/** The operator's own domain and integrations (/api/partner/domain, /api/partner/integrations), static paths before parameters. */
export const hostingRoutes = new Hono()
  .get('/api/partner/domain', domain.GET)
  .put('/api/partner/domain', domain.PUT)
  .delete('/api/partner/domain', domain.DELETE)
  .post('/api/partner/domain/verify', domainVerify.POST)
  .get('/api/partner/integrations', integrations.GET)
  .put('/api/partner/integrations/flights', integrationsFlights.PUT)
  .put('/api/partner/integrations/payu', integrationsPayu.PUT)
  .put('/api/partner/integrations/whatsapp', integrationsWhatsapp.PUT)
  .delete('/api/partner/integrations/:kind', integrationsItem.DELETE)
  .post('/api/partner/integrations/:kind/test', integrationsItem.POST);
