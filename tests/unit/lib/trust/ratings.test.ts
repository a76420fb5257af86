import { eq, sql } from 'drizzle-orm';
import { callApi } from '../../api';
import { rideRatings } from '@/lib/db/schema';
import { clearTenantCache } from '@/lib/tenancy/resolve';
import { approvedReviews, businessRating } from '@/lib/ratings/ratings';
import { localBusiness } from '@/lib/seo/json-ld';
import type { Db } from '@/lib/db/client';
import { closeTestDb, openTestDb } from '../../db';
import { book, completedRide, makeWorld, request, type World } from './fixtures';

let db: Db;
let demo: World;
let acme: World;

beforeAll(async () => {
  db = await openTestDb();
  clearTenantCache();
  demo = await makeWorld(db, 'demo');
  acme = await makeWorld(db, 'acme');
});
afterAll(closeTestDb);

const rate = (world: World, rideId: number, body: unknown, cookie?: string) => callApi(request(world, `/api/rides/${rideId}/rating`, { body, cookie }));
const count = async () => Number((await db.select({ n: sql<string>`count(*)` }).from(rideRatings))[0].n);

function businessNode(world: World) {
  return localBusiness({
    tenant: { name: `${world.slug} cabs`, email: null, phoneCode: '91', phone: null, countryCode: 'in', logoUrl: null },
    origin: `http://${world.host}`,
    places: [],
  });
}

describe('ratings', () => {
  it('carries no AggregateRating while nobody has rated', async () => {
    expect(await businessRating(db, demo.id)).toEqual({ average: 0, count: 0 });
    expect(businessNode(demo)).not.toHaveProperty('aggregateRating');
  });

  it('refuses stars outside 1-5, a ride not completed, a ride of another rider or operator, and a second rating; each naming the field, nothing stored', async () => {
    const ride = await completedRide(db, demo);
    for (const stars of [0, 6, 2.5, '5', null]) {
      const res = await rate(demo, ride.number, { stars });
      expect(res.status).toBe(400);
      expect((await res.json()).error.field).toBe('stars');
    }
    const long = await rate(demo, ride.number, { stars: 4, comment: 'x'.repeat(1001) });
    expect((await long.json()).error.field).toBe('comment');
    const open = await book(db, demo);
    const notDone = await rate(demo, open.number, { stars: 5 });
    expect(notDone.status).toBe(409);
    expect((await notDone.json()).error.field).toBe('rideId');
    const foreign = await rate(demo, ride.number, { stars: 5 }, demo.otherRiderCookie);
    expect(foreign.status).toBe(404);
    expect((await foreign.json()).error.field).toBe('rideId');
    const otherOperator = await rate(acme, ride.number, { stars: 5 }, acme.riderCookie);
    expect(otherOperator.status).toBe(404);
    expect(await count()).toBe(0);

    const first = await rate(demo, ride.number, { stars: 4, comment: '  Clean car, on time.  ' });
    expect(first.status).toBe(201);
    expect((await first.json()).data).toMatchObject({ rideId: ride.id, stars: 4, comment: 'Clean car, on time.' });
    const second = await rate(demo, ride.number, { stars: 1 });
    expect(second.status).toBe(409);
    expect((await second.json()).error).toMatchObject({ code: 'already_rated', field: 'rideId' });
    const [stored] = await db.select().from(rideRatings).where(eq(rideRatings.rideId, ride.id));
    expect(stored).toMatchObject({ stars: 4, commentStatus: 'pending', driverId: demo.driverId });
    expect(await count()).toBe(1);
  });

  it("shows the rider's rating in My rides and the real average to the operator, no rating markup on its own business, the comment only after it approves it", async () => {
    const ride = await completedRide(db, demo);
    await rate(demo, ride.number, { stars: 5, comment: 'Lovely driver' });
    const mine = (await (await callApi(request(demo, '/api/rides'))).json()).data.past.find((r: { id: number }) => r.id === ride.id);
    expect(mine.rating).toEqual({ stars: 5, comment: 'Lovely driver' });

    expect(await businessRating(db, demo.id)).toEqual({ average: 4.5, count: 2 });
    // Google's review-snippet rules: ratings a business shows about itself are self-serving
    expect(businessNode(demo)).not.toHaveProperty('aggregateRating');
    expect(await approvedReviews(db, demo.id)).toEqual([]);

    const console = await (await callApi(request(demo, '/api/partner/reviews', { cookie: demo.partnerCookie }))).json();
    expect(console.data.overall).toEqual({ average: 4.5, count: 2 });
    expect(console.data.drivers).toEqual([{ driverId: demo.driverId, name: 'Ravi Kumar', average: 4.5, count: 2 }]);
    const comment = console.data.comments.find((c: { rideId: number }) => c.rideId === ride.id);
    expect(comment).toMatchObject({ status: 'pending', comment: 'Lovely driver', riderName: 'Asha Raman' });

    // another operator cannot moderate it; a bad status names the field
    const foreign = await callApi(
      request(acme, `/api/partner/reviews/${comment.id}`, { method: 'PATCH', cookie: acme.partnerCookie, body: { status: 'approved' } }),
    );
    expect(foreign.status).toBe(404);
    const bad = await callApi(request(demo, `/api/partner/reviews/${comment.id}`, { method: 'PATCH', cookie: demo.partnerCookie, body: { status: 'shown' } }));
    expect((await bad.json()).error.field).toBe('status');
    expect(await approvedReviews(db, demo.id)).toEqual([]);

    const approved = await callApi(
      request(demo, `/api/partner/reviews/${comment.id}`, { method: 'PATCH', cookie: demo.partnerCookie, body: { status: 'approved' } }),
    );
    expect(approved.status).toBe(200);
    expect(await approvedReviews(db, demo.id)).toEqual([expect.objectContaining({ stars: 5, comment: 'Lovely driver', author: 'Asha' })]);
  });
});
