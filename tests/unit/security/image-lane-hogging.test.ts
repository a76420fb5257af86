import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { toErrorResponse } from '@/lib/api/endpoint';
import { storeBlogImage } from '@/lib/blog/images';
import { storePhoto } from '@/lib/fleet/photos';
import { resetEnvForTests } from '@/lib/env';
import { IMAGE_BUSY_RETRY_SECONDS, IMAGE_JOBS_QUEUED_PER_TENANT, imageJobSlots, inImageLane } from '@/lib/media/image-lanes';
import { storeLogo } from '@/lib/settings/logo';
import en from '@/messages/en.json';

/*
 * One operator hogging the image workers (issue 35 §6): sharp renders on
 * libuv's few threads, so an operator uploading several costly images at once
 * could hold all of them and stall every other operator's images. Each
 * tenant's image jobs run in its own lane (lib/media/image-lanes.ts): one at a
 * time per tenant, a thread always left for fs/crypto/dns, a short queue per
 * tenant and a refusal (429, Retry-After, Validation.imagesBusy) beyond it.
 * The slow jobs are injected: promises the test settles, standing in for a
 * bomb that holds a thread.
 */

/** A job that runs until the test lets it go; `started` tells whether the lane ever started it. */
function slowJob() {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const job = { started: false, release, run: () => ((job.started = true), gate.then(() => 'slow')) };
  return job;
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

const refusal = (work: Promise<unknown>) =>
  work.then(
    () => undefined,
    (error: unknown) => error,
  );

let png: Buffer;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'image-lanes-'));
beforeAll(async () => {
  process.env.DATA_DIR = dataDir;
  resetEnvForTests();
  png = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#2a6' } })
    .png()
    .toBuffer();
});
afterAll(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  delete process.env.DATA_DIR;
  resetEnvForTests();
});

describe('one operator hogging the image workers', () => {
  it("runs one job of a tenant at a time, starts another tenant's job at once and lets it finish while the first tenant's wait, and refuses the first tenant's excess", async () => {
    const a = Array.from({ length: 1 + IMAGE_JOBS_QUEUED_PER_TENANT }, slowJob);
    const held = a.map((job) => inImageLane('hog-a', job.run));
    await settle();
    // A holds one thread, not all of them
    expect(a.map((job) => job.started)).toEqual([true, ...Array(IMAGE_JOBS_QUEUED_PER_TENANT).fill(false)]);

    // A's next one is refused at once, not queued without end
    const excess = slowJob();
    const refused = await refusal(inImageLane('hog-a', excess.run, { field: 'logo' }));
    expect(excess.started).toBe(false);
    expect(refused).toMatchObject({ kind: 'rate_limited', key: 'imagesBusy', field: 'logo', retryAfterSeconds: IMAGE_BUSY_RETRY_SECONDS });

    // B's job starts at once and finishes while A's are still queued
    let bStarted = false;
    const b = await inImageLane('hog-b', async () => ((bStarted = true), 'b done'));
    expect([bStarted, b]).toEqual([true, 'b done']);
    expect(a.slice(1).map((job) => job.started)).toEqual(Array(IMAGE_JOBS_QUEUED_PER_TENANT).fill(false));

    // A's queued jobs then run one after another
    for (const [i, job] of a.entries()) {
      job.release();
      await expect(held[i]).resolves.toBe('slow');
      await settle();
      if (a[i + 1]) expect(a[i + 1].started).toBe(true);
    }
  });

  it('keeps a pool thread free for fs, crypto and dns however many tenants render, and gives the freed slot to the next tenant', async () => {
    const slots = imageJobSlots();
    expect(slots).toBe(3); // UV_THREADPOOL_SIZE unset: 4 threads, one kept free
    const jobs = Array.from({ length: slots + 1 }, slowJob);
    const done = jobs.map((job, i) => inImageLane(`tenant-${i}`, job.run));
    await settle();
    expect(jobs.map((job) => job.started)).toEqual([...Array(slots).fill(true), false]);
    jobs[0].release();
    await settle();
    expect(jobs[slots].started).toBe(true);
    for (const job of jobs) job.release();
    await Promise.all(done);
  });

  it("refuses a hogging operator's real uploads with 429, Retry-After and the translated key, while another operator's upload goes through", async () => {
    const a = Array.from({ length: 1 + IMAGE_JOBS_QUEUED_PER_TENANT }, slowJob);
    const held = a.map((job) => inImageLane('hog-up', job.run));
    await settle();

    const logo = await refusal(storeLogo('hog-up', png));
    const answer = toErrorResponse(logo);
    expect([answer.status, answer.headers.get('retry-after')]).toEqual([429, String(IMAGE_BUSY_RETRY_SECONDS)]);
    expect((await answer.json()).error).toEqual({ code: 'images_busy', key: 'imagesBusy', field: 'logo', message: `logo: ${en.Validation.imagesBusy}` });
    expect(await refusal(storeBlogImage('hog-up', png))).toMatchObject({ key: 'imagesBusy', field: 'image' });
    expect(await refusal(storePhoto('hog-up', 'vehicle', png))).toMatchObject({ key: 'imagesBusy', field: 'photo' });

    // the other operator's logo renders (icons and all) while A's lane is full
    await expect(storeLogo('quiet', png)).resolves.toMatchObject({ logoUrl: expect.stringMatching(/^\/media\/quiet\/brand\/.+\.png$/) });
    expect(a.slice(1).some((job) => job.started)).toBe(false);

    for (const job of a) job.release();
    await Promise.all(held);
  });
});
