import { callApi } from '../../api';
import { closeTestDb, openTestDb } from '../../db';
import { loadPlaceIndex } from '@/lib/places/place-index';
import type { PlaceSuggestion } from '@/lib/places/search';
import { createBusiness } from '@/lib/tenancy/commands';
import { ensureDemoTenant } from '@/lib/tenancy/demo';
import { clearTenantCache } from '@/lib/tenancy/resolve';

/*
 * Issue 37: an operator's riders get places in the countries it serves (docs/requirements/rider.md#booking-by-form):
 * "MAA" on the demo (Indian) operator is Chennai's airport and nothing abroad; a UAE operator still finds its own
 * places. Names come without the gazetteer's transliteration marks, whichever way the rider spells them.
 */

const DEMO = 'localhost:3000';
const GULF = 'gulf.localhost:3000';

beforeAll(async () => {
  const db = await openTestDb();
  clearTenantCache();
  await ensureDemoTenant(db, 'demo');
  await createBusiness(db, {
    slug: 'gulf',
    name: 'Gulf Line Cabs',
    countryCode: 'ae',
    language: 'en',
    cities: [
      { name: 'Dubai', lat: 25.2048, lng: 55.2708 },
      { name: 'Abu Dhabi', lat: 24.4539, lng: 54.3773 },
    ],
  });
  await loadPlaceIndex();
}, 180_000);
afterAll(closeTestDb);

async function search(host: string, q: string): Promise<PlaceSuggestion[]> {
  const res = await callApi(new Request(`http://${host}/api/places/search?q=${encodeURIComponent(q)}`, { headers: { host } }));
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: PlaceSuggestion[] }).data;
}

const countryOf = (s: PlaceSuggestion) => s.detail.split(', ').pop();

describe('place search within the operator’s countries', () => {
  it('gives the demo operator Chennai International Airport first for "MAA", and no place abroad', async () => {
    const found = await search(DEMO, 'MAA');
    expect(found[0]).toMatchObject({ name: 'Chennai International Airport (MAA)', code: 'MAA' });
    expect(found.length).toBeGreaterThan(1);
    expect(found.filter((s) => countryOf(s) !== 'India')).toEqual([]);
  });

  it('still finds a UAE operator its own airport and city, and only places in the UAE', async () => {
    expect((await search(GULF, 'DXB'))[0]).toMatchObject({ name: 'Dubai International Airport (DXB)' });
    const dubai = await search(GULF, 'Dubai');
    expect(dubai[0].detail).toBe('United Arab Emirates');
    expect(dubai.filter((s) => countryOf(s) !== 'United Arab Emirates')).toEqual([]);
  });

  it('offers a place abroad only when nothing in the served countries matches', async () => {
    expect((await search(DEMO, 'Heathrow'))[0]).toMatchObject({ name: 'London Heathrow Airport (LHR)' });
  });

  it('shows and stores a name without transliteration marks, found by either spelling', async () => {
    for (const q of ['Kodaikanal', 'Kodaikānāl', 'kodaikanal']) {
      const [top] = await search(DEMO, q);
      expect(top).toMatchObject({ name: 'Kodaikanal', detail: 'India' });
    }
    expect((await search(DEMO, 'Tiruvannamalai'))[0].name).toBe('Tiruvannamalai');
  });
});
