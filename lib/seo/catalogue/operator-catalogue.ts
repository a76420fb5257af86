import 'server-only';
import { LRUCache } from 'lru-cache';
import type { Db } from '@/lib/db/client';
import { tripContext } from '@/lib/fares/trip-rules';
import { loadPlaceIndex } from '@/lib/places/place-index';
import { listServiceAreas } from '@/lib/tenancy/queries';
import { buildCatalogue, type Catalogue } from './catalogue';
import { scheduledAirportCodes } from '@/lib/airports/catalogue';
import { DEFAULT_PAGE_CAPS } from './served-places';

/** Catalogues by operator, rebuilt when what they are made of (cities, limits, caps) changes. */
const catalogues = new LRUCache<number, { key: string; catalogue: Catalogue }>({ max: 500 });

/** The operator's airport, transfer and locality pages (lib/seo/catalogue/catalogue.ts), from its cities and limits now. */
export async function operatorCatalogue(db: Db, businessId: number): Promise<Catalogue> {
  const [areas, { rules, served }, index, scheduled] = await Promise.all([
    listServiceAreas(businessId, db),
    tripContext(db, businessId),
    loadPlaceIndex(),
    scheduledAirportCodes(),
  ]);
  const cities = areas.map((area) => ({ slug: area.slug, name: area.name, region: area.region, lat: area.lat, lng: area.lng }));
  const caps = DEFAULT_PAGE_CAPS;
  const key = JSON.stringify([cities, rules, caps, [...served].sort()]);
  const held = catalogues.get(businessId);
  if (held?.key === key) return held.catalogue;
  const catalogue = buildCatalogue(index, { cities, rules, caps, scheduled, served });
  catalogues.set(businessId, { key, catalogue });
  return catalogue;
}
