/** Graceful shutdown: requests in flight finish, new connections are refused, and the whole stop is bounded. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exitIfStopOverruns, HARD_STOP_EXTRA_MS, isDraining, shutdownGracefully, trackRequest } from '@/lib/http/lifecycle';

function serve(handler: http.RequestListener): Promise<{ server: http.Server; url: string }> {
  const server = http.createServer((req, res) => {
    trackRequest(res);
    handler(req, res);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` })));
}

describe('shutdownGracefully', () => {
  it('lets a request in flight finish, refuses new connections, then runs the steps in order', async () => {
    let arrived!: () => void;
    const inServer = new Promise<void>((resolve) => (arrived = resolve));
    const { server, url } = await serve((_req, res) => {
      arrived();
      setTimeout(() => res.end('done'), 300);
    });
    const inFlight = fetch(`${url}/slow`).then(async (r) => ({ status: r.status, text: await r.text() }));
    await inServer;
    const steps: string[] = [];
    const stopping = shutdownGracefully(server, {
      timeoutMs: 5_000,
      beforeWait: [{ name: 'sockets', run: () => void steps.push('sockets') }],
      after: [
        { name: 'bus', run: () => void steps.push('bus') },
        { name: 'database', run: async () => void steps.push('database') },
      ],
    });
    expect(isDraining()).toBe(true);
    await expect(fetch(`${url}/new`)).rejects.toThrow();
    await expect(inFlight).resolves.toEqual({ status: 200, text: 'done' });
    const report = await stopping;
    expect(report).toMatchObject({ unfinished: 0, failed: [] });
    expect(steps).toEqual(['sockets', 'bus', 'database']);
  });

  it('cuts what is still running at the deadline and reports it, and a step that hangs does not hold the stop', async () => {
    let arrived!: () => void;
    const inServer = new Promise<void>((resolve) => (arrived = resolve));
    const { server, url } = await serve(() => arrived());
    const hanging = fetch(`${url}/never`).catch((error: unknown) => error);
    // the request is in the server's hands (a fixed 50 ms was not always enough on a busy machine)
    await inServer;
    const report = await shutdownGracefully(server, { timeoutMs: 300, after: [{ name: 'stuck pool', run: () => new Promise(() => undefined) }] });
    expect(report.unfinished).toBe(1);
    expect(report.failed).toEqual(['stuck pool']);
    expect(report.ms).toBeLessThan(3_000);
    // the cut connection fails the client's request (an Error of fetch's own realm)
    expect(String(await hanging)).toMatch(/fetch failed|socket|terminated/i);
  });
});

describe('exitIfStopOverruns', () => {
  it('exits with status 1, logging once, when the stop takes 5 s longer than its timeout', () => {
    jest.useFakeTimers();
    try {
      const exit = jest.fn();
      const log = jest.fn();
      exitIfStopOverruns(10_000, log, exit);
      jest.advanceTimersByTime(10_000 + HARD_STOP_EXTRA_MS - 1);
      expect(exit).not.toHaveBeenCalled();
      jest.advanceTimersByTime(1);
      expect(log).toHaveBeenCalledWith(15_000);
      expect(exit).toHaveBeenCalledWith(1);
      expect(exit).toHaveBeenCalledTimes(1);
    } finally {
      jest.useRealTimers();
    }
  });
});
