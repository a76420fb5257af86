import { buildLandTable, decodeCells, encodeCells } from '@/lib/fares/land-build';
import { LAND_COUNTRIES, LAND_ISLANDS } from '@/lib/fares/land-cells';
import { loadPlaceIndex } from '@/lib/places/place-index';

describe('the land table', () => {
  it('encodes cells as runs and back', () => {
    const cells = [3, 4, 5, 9, 40, 41, 1000];
    expect(decodeCells(encodeCells(cells))).toEqual(cells);
  });

  it('is what the gazetteer gives today (else run `npx tsx scripts/build-land-cells.ts`)', async () => {
    const index = await loadPlaceIndex();
    const points = Array.from({ length: index.size }, (_, id) => ({ lat: index.lat[id], lng: index.lng[id], country: index.country(id) }));
    const table = buildLandTable(points);
    expect(table.countries === LAND_COUNTRIES).toBe(true);
    expect(table.islands === LAND_ISLANDS).toBe(true);
  }, 60_000);
});
