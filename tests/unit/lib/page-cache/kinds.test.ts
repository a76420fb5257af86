import fs from 'node:fs';
import path from 'node:path';
import { PHASE_PRODUCTION_SERVER } from 'next/constants.js';
import { PAGE_KINDS, freshMsOf, pageKindOf } from '@/lib/page-cache/kinds';

const APP = path.join(process.cwd(), 'app', '[tenant]', '[locale]');

describe('the page kinds table', () => {
  it.each(Object.entries(PAGE_KINDS))("%s: its page file exports the table's revalidate as the literal Next reads", (_name, kind) => {
    const file = path.join(APP, kind.route, 'page.tsx');
    const literal = /^export const revalidate = (\d+);$/m.exec(fs.readFileSync(file, 'utf8'))?.[1];
    expect(Number(literal)).toBe(kind.revalidate);
  });

  it("never outlives Next's expire time (Next would answer a stale page while rendering behind the front door)", async () => {
    const { default: config } = (await import(path.join(process.cwd(), 'next.config.mjs'))) as { default: (phase: string) => Promise<{ expireTime: number }> };
    const { expireTime } = await config(PHASE_PRODUCTION_SERVER);
    for (const kind of Object.values(PAGE_KINDS)) expect(kind.revalidate).toBeLessThanOrEqual(expireTime);
  });

  it.each([
    ['/in/en/place/chennai', 'place'],
    ['/in/en/place/chennai/outstation-taxi', 'placeTrip'],
    ['/ae/ar/city/dubai', 'city'],
    ['/in/en/madurai', 'cityRoot'],
    ['/in/en/taxi/chennai-to-bengaluru', 'route'],
    ['/in/en/service/places', 'servicePlaces'],
    ['/in/en/blogs', 'blogs'],
    ['/in/en/blogs/page/2', 'blogsPage'],
    ['/in/en/blog/airport-guide', 'blogPost'],
    ['/in/en/blog/create', undefined],
    ['/in/en/user', undefined],
    ['/in/en/user/home', undefined],
    ['/in/en/place/chennai/a/b', undefined],
    ['/place/chennai', undefined],
  ])('%s is %s', (pathname, kind) => {
    expect(pageKindOf(pathname)).toBe(kind);
  });

  it('gives a document its revalidate time in ms, any other path none', () => {
    expect(freshMsOf('/in/en/place/chennai')).toBe(300_000);
    expect(freshMsOf('/in/en/user/home')).toBe(0);
  });
});
