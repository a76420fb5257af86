import { loadOnce } from '@/lib/ui/load-once';

/* Code fetched on first use (the phone input, the field schemas): fetched once, and again after a failed fetch. */
describe('loadOnce', () => {
  it('shares one load between callers', async () => {
    const load = jest.fn(async () => 'schemas');
    const get = loadOnce(load);
    await expect(Promise.all([get(), get()])).resolves.toEqual(['schemas', 'schemas']);
    await get();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries again after a failure (a chunk fetched offline, then online)', async () => {
    const load = jest.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue('schemas');
    const get = loadOnce(load as () => Promise<string>);
    await expect(get()).rejects.toThrow('offline');
    await expect(get()).resolves.toBe('schemas');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
