'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, within, type ApiBody, type ApiDataOf } from '@/lib/api/typed-client';
import { fetchData } from '@/components/data/fetch-data';
import { queryKeys } from '@/lib/query-keys';

/** The Domain and Integrations screens' reads and writes, typed by the route modules (lib/api/routes/hosting). */

export type DomainData = ApiDataOf<typeof api.partner.domain.$get>;
export type IntegrationsData = ApiDataOf<typeof api.partner.integrations.$get>;
export type WhatsAppInput = ApiBody<typeof api.partner.integrations.whatsapp.$put>;
export type PayuInput = ApiBody<typeof api.partner.integrations.payu.$put>;
export type FlightsInput = ApiBody<typeof api.partner.integrations.flights.$put>;
type Kind = 'whatsapp' | 'payu' | 'flights';

const keys = queryKeys.partner;
/** A DNS lookup may take the resolver's whole timeout. */
const VERIFY_MS = 30_000;

export const useDomain = () => useQuery({ queryKey: keys.domain(), queryFn: () => fetchData(api.partner.domain.$get(undefined, within())) });

/** Each domain change answers the new view, which replaces the cached one. */
export function useDomainActions() {
  const client = useQueryClient();
  const put = (data: DomainData) => client.setQueryData(keys.domain(), data);
  return {
    claim: useMutation({ mutationFn: (domain: string) => fetchData(api.partner.domain.$put({ json: { domain } }, within())), onSuccess: put }),
    verify: useMutation({
      mutationFn: () => fetchData(api.partner.domain.verify.$post(undefined, within(VERIFY_MS))),
      onSuccess: put,
      // a failed check is recorded on the claim (last error, time): read it again
      onError: () => client.invalidateQueries({ queryKey: keys.domain() }),
    }),
    remove: useMutation({ mutationFn: () => fetchData(api.partner.domain.$delete(undefined, within())), onSuccess: put }),
  };
}

export const useIntegrations = () => useQuery({ queryKey: keys.integrations(), queryFn: () => fetchData(api.partner.integrations.$get(undefined, within())) });

export function useIntegrationActions() {
  const client = useQueryClient();
  const put = (data: IntegrationsData) => client.setQueryData(keys.integrations(), data);
  return {
    saveWhatsApp: useMutation({
      mutationFn: (input: WhatsAppInput) => fetchData(api.partner.integrations.whatsapp.$put({ json: input }, within())),
      onSuccess: put,
    }),
    savePayu: useMutation({ mutationFn: (input: PayuInput) => fetchData(api.partner.integrations.payu.$put({ json: input }, within())), onSuccess: put }),
    saveFlights: useMutation({
      mutationFn: (input: FlightsInput) => fetchData(api.partner.integrations.flights.$put({ json: input }, within())),
      onSuccess: put,
    }),
    remove: useMutation({ mutationFn: (kind: Kind) => fetchData(api.partner.integrations[':kind'].$delete({ param: { kind } }, within())), onSuccess: put }),
    test: useMutation({
      mutationFn: (kind: Kind) => fetchData(api.partner.integrations[':kind'].test.$post({ param: { kind } }, within(VERIFY_MS))),
      onSettled: () => client.invalidateQueries({ queryKey: keys.integrations() }),
    }),
  };
}
