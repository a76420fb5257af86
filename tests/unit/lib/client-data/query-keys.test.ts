import { matchQuery, QueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';

/** Does invalidating `filter` reach a query cached under `key`? (react-query's own prefix match.) */
function reaches(filter: readonly unknown[], key: readonly unknown[]): boolean {
  const client = new QueryClient();
  const query = client.getQueryCache().build(client, { queryKey: key });
  return matchQuery({ queryKey: filter }, query);
}

describe('query keys', () => {
  it('are stable values, so two screens reading one resource share its cache entry', () => {
    expect(queryKeys.rider.rides()).toEqual(['rider', 'rides']);
    expect(queryKeys.partner.rides.list({ status: 'all' })).toEqual(queryKeys.partner.rides.list({ status: 'all' }));
    expect(queryKeys.partner.fleet.vehicles()).toEqual(['partner', 'fleet', 'vehicles']);
    expect(queryKeys.driver.rides.list('active')).toEqual(['driver', 'rides', 'active']);
    expect(queryKeys.tracking.ride(4, undefined)).toEqual(['tracking', 4, null]);
    expect(queryKeys.chat.history('7-abc')).toEqual(['chat', 'history', '7-abc']);
  });

  it('give each view its own entry (filters, pages, scopes, share tokens)', () => {
    const all = [
      queryKeys.partner.rides.list({ status: 'all' }),
      queryKeys.partner.rides.list({ status: 'booked' }),
      queryKeys.partner.rides.list({ status: 'all', q: '12' }),
      queryKeys.partner.rides.assignable(),
      queryKeys.partner.overview('filter=today'),
      queryKeys.partner.overview('filter=thisMonth'),
      queryKeys.partner.customers('page=0'),
      queryKeys.partner.customers('page=1'),
      queryKeys.driver.rides.list('active'),
      queryKeys.driver.rides.list('recent'),
      queryKeys.tracking.ride(4, undefined),
      queryKeys.tracking.ride(4, 'token'),
      queryKeys.places.search('en', 'Chen'),
      queryKeys.places.search('ta', 'Chen'),
      queryKeys.places.search('en', 'Chenn'),
      queryKeys.booking.quote({ tripKind: 'outstation', pickupAt: '2026-01-01T10:00:00Z' }),
      queryKeys.booking.quote({ tripKind: 'outstation', pickupAt: '2026-01-01T11:00:00Z' }),
    ].map((key) => JSON.stringify(key));
    expect(new Set(all).size).toBe(all.length);
  });

  it('nest under roots that invalidate every variant of one resource and nothing else', () => {
    expect(reaches(queryKeys.partner.rides.all, queryKeys.partner.rides.list({ status: 'ontrip', q: '9' }))).toBe(true);
    expect(reaches(queryKeys.partner.rides.all, queryKeys.partner.rides.assignable())).toBe(true);
    expect(reaches(queryKeys.partner.rides.all, queryKeys.partner.fleet.drivers())).toBe(false);
    expect(reaches(queryKeys.partner.fleet.all, queryKeys.partner.fleet.agencies())).toBe(true);
    expect(reaches(queryKeys.partner.fleet.vehicles(), queryKeys.partner.fleet.drivers())).toBe(false);
    expect(reaches(queryKeys.driver.rides.all, queryKeys.driver.rides.list('recent'))).toBe(true);
    expect(reaches(queryKeys.rider.all, queryKeys.rider.wallet())).toBe(true);
    expect(reaches(queryKeys.rider.rides(), queryKeys.partner.rides.list({ status: 'all' }))).toBe(false);
  });
});
