/**
 * @jest-environment node
 */
import { refreshOperatorPages } from '@/lib/page-cache';
import { disconnectNextCache } from '@/lib/page-cache/next-cache';
import { renderBegun, rendersBegunBefore } from '@/lib/page-cache/renders';
import { createPageStore, type StoredPage } from '@/lib/page-cache/stores';
import { recordNextRefreshes } from '../../next-refreshes';

/** What Next's refresh handler was asked (a stand-in for Next, reached the way server.ts wires it). */
const { asked, connected: nextCache } = recordNextRefreshes();

const page = (internalPath: string): StoredPage => ({ internalPath, bytes: 100, storedAt: Date.now(), freshMs: 300_000 });

beforeAll(() => nextCache);
afterAll(disconnectNextCache);

describe("refreshing an operator's pages", () => {
  beforeEach(() => {
    asked.length = 0;
  });

  it("drops the operator's stored pages, not another's, and asks Next to re-render everything tagged with it", async () => {
    const store = createPageStore<StoredPage>('test-refresh');
    store.set('a|/in/en/place/chennai', page('/demo/en-IN/place/chennai'));
    store.set('a|/in/en/user/home', page('/demo/en-IN/user/home'));
    store.set('b|/in/en/place/chennai', page('/acme/en-IN/place/chennai'));
    await refreshOperatorPages('demo');
    expect(store.size).toBe(1);
    expect(store.get('b|/in/en/place/chennai')).toBeDefined();
    expect(asked.at(-1)).toEqual({ paths: [], tags: ['tenant:demo'] });
  });

  it('waits for a render begun before the change, then asks Next once more (that render may be the old page, kept as fresh)', async () => {
    const ended = renderBegun();
    let done = false;
    const refreshed = refreshOperatorPages('demo').then(() => (done = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked).toHaveLength(1);
    expect(done).toBe(false);
    const store = createPageStore<StoredPage>('test-refresh');
    // the old render lands in the store while the refresh waits
    store.set('a|/in/en/blogs', page('/demo/en-IN/blogs'));
    ended();
    await refreshed;
    expect(asked).toHaveLength(2);
    expect(store.size).toBe(0);
  });

  it('does not wait past its limit on a render that does not end', async () => {
    const ended = renderBegun();
    // the render never ends by itself: returning at all is the limit at work
    await rendersBegunBefore(100);
    ended();
  });
});
