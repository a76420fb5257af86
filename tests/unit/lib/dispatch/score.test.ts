import { acceptanceRate, compareReasons, scoreDriver, type ScoreInput } from '@/lib/dispatch/score';

/*
 * The score as README "Dispatch" documents it: road kilometres, minus a
 * kilometre per 12 idle minutes (up to 2 hours), plus 10 km times the share
 * of offers let pass; drivers without a fresh position last.
 */

const NOW = new Date('2030-01-15T10:00:00Z');
const PICKUP = { lat: 13.0878, lng: 80.2785 };
const north = (km: number) => ({ lat: PICKUP.lat + km / 111.2, lng: PICKUP.lng, at: new Date(NOW.getTime() - 60_000) });
const minutesAgo = (m: number) => new Date(NOW.getTime() - m * 60_000);
const driver = (over: Partial<ScoreInput>): ScoreInput => ({ position: north(3), idleSince: minutesAgo(0), offers: { accepted: 0, total: 0 }, ...over });
const rank = (inputs: Record<string, ScoreInput>) =>
  Object.entries(inputs)
    .map(([name, input]) => ({ name, reason: scoreDriver(input, PICKUP, NOW) }))
    .sort((a, b) => compareReasons(a.reason, b.reason))
    .map((d) => d.name);

describe('dispatch score', () => {
  it('puts the nearer driver first, other things equal', () => {
    expect(rank({ far: driver({ position: north(8) }), near: driver({ position: north(2) }) })).toEqual(['near', 'far']);
  });

  it('counts 12 idle minutes as one road kilometre, up to two hours', () => {
    const reason = scoreDriver(driver({ position: north(0), idleSince: minutesAgo(60) }), PICKUP, NOW);
    expect(reason).toMatchObject({ roadKm: 0, idleMinutes: 60, acceptance: 0.5, score: 0 });
    // idle 2 hours at 4 km beats just back at 1.5 km; idle 5 hours counts as 2 hours
    expect(rank({ fresh: driver({ position: north(1.5 / 1.3) }), waiting: driver({ position: north(4 / 1.3), idleSince: minutesAgo(120) }) })).toEqual([
      'waiting',
      'fresh',
    ]);
    expect(scoreDriver(driver({ idleSince: minutesAgo(300) }), PICKUP, NOW).score).toBe(scoreDriver(driver({ idleSince: minutesAgo(120) }), PICKUP, NOW).score);
  });

  it('makes a driver who lets offers pass up to 10 km further', () => {
    expect(acceptanceRate({ accepted: 0, total: 0 })).toBe(0.5);
    expect(acceptanceRate({ accepted: 8, total: 8 })).toBe(0.9);
    const taker = scoreDriver(driver({ offers: { accepted: 8, total: 8 } }), PICKUP, NOW);
    const passer = scoreDriver(driver({ offers: { accepted: 0, total: 8 } }), PICKUP, NOW);
    expect(passer.score - taker.score).toBeCloseTo(10 * (0.9 - 0.1), 5);
    expect(
      rank({
        passer: driver({ position: north(1), offers: { accepted: 0, total: 8 } }),
        taker: driver({ position: north(5), offers: { accepted: 8, total: 8 } }),
      }),
    ).toEqual(['taker', 'passer']);
  });

  it('puts drivers with no position, or one older than 15 minutes, after every driver with one', () => {
    const stale = { ...north(0), at: minutesAgo(16) };
    expect(
      rank({ unknown: driver({ position: null, idleSince: minutesAgo(120) }), stale: driver({ position: stale }), far: driver({ position: north(40) }) }),
    ).toEqual(['far', 'unknown', 'stale']);
    expect(scoreDriver(driver({ position: stale }), PICKUP, NOW).roadKm).toBeNull();
  });
});
