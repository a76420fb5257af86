import { DomainError } from '@/lib/errors/domain-error';
import { validationText } from '@/lib/errors/validation-text';

/*
 * Image lanes (issue 35 §6): sharp decodes and encodes on libuv's thread pool
 * (UV_THREADPOOL_SIZE, 4 by default), one thread per running pipeline, the
 * same threads fs, crypto and dns use. Every sharp job that works on a
 * tenant's upload or renders a tenant's images (logo upload and its icons,
 * blog covers, meeting-point photos, driver and vehicle photos, share images,
 * the logo of an invoice) runs through `inImageLane`:
 *
 * - at most IMAGE_JOBS_PER_TENANT (1) job of one tenant runs at a time: one
 *   operator uploading several costly images at once waits for its own,
 *   never holds a second thread, so every other tenant's job finds one free;
 * - at most `imageJobSlots()` (threads − 1) jobs run at all, so fs, crypto
 *   and dns keep a thread however many tenants render at once;
 * - at most IMAGE_JOBS_QUEUED_PER_TENANT jobs of one tenant wait; one more
 *   is refused at once with Validation.imagesBusy (429, Retry-After
 *   IMAGE_BUSY_RETRY_SECONDS) instead of growing an unbounded queue;
 * - a free slot goes to the tenants in turn (round robin), not to whoever
 *   queued most.
 *
 * A job must not start sharp pipelines in parallel itself (one job, one
 * thread). Reading an image's header of a stored file (uploadedImageSize) is
 * not a job: it reads a few bytes of a file this app encoded itself.
 */

/** Jobs of one tenant running at once: one, so a tenant never holds more than one of the pool's threads. */
export const IMAGE_JOBS_PER_TENANT = 1;
/** Jobs of one tenant waiting behind its running one; one more is refused (imagesBusy). */
export const IMAGE_JOBS_QUEUED_PER_TENANT = 3;
/** Retry-After of the imagesBusy refusal, in seconds. */
export const IMAGE_BUSY_RETRY_SECONDS = 5;

/** libuv's worker threads in this process (UV_THREADPOOL_SIZE, default 4, libuv caps it at 1024). */
export function poolThreads(): number {
  const size = Number.parseInt(process.env.UV_THREADPOOL_SIZE ?? '', 10);
  return Number.isFinite(size) && size > 0 ? Math.min(size, 1024) : 4;
}

/** Image jobs running at once over all tenants: one thread fewer than the pool, at least one. */
export function imageJobSlots(): number {
  return Math.max(1, poolThreads() - 1);
}

/** The refusal of a tenant's image job while its lane is full: 429 with Retry-After, Validation.imagesBusy. */
export function imagesBusy(field?: string): DomainError {
  const text = validationText('imagesBusy');
  const error = new DomainError('rate_limited', 'images_busy', field ? `${field}: ${text}` : text, field, IMAGE_BUSY_RETRY_SECONDS);
  error.key = 'imagesBusy';
  return error;
}

type Waiting = { start: () => void };
type Lane = { running: number; waiting: Waiting[] };

const lanes = new Map<string, Lane>();
/** Tenants with waiting jobs, in the order their turn comes. */
const turns: string[] = [];
let running = 0;

function laneOf(tenant: string): Lane {
  let lane = lanes.get(tenant);
  if (!lane) lanes.set(tenant, (lane = { running: 0, waiting: [] }));
  return lane;
}

/** Starts waiting jobs while slots are free, one tenant's turn after another's. */
function dispatch(): void {
  for (let looked = 0; running < imageJobSlots() && looked < turns.length;) {
    const tenant = turns.shift()!;
    const lane = lanes.get(tenant)!;
    if (lane.running >= IMAGE_JOBS_PER_TENANT) {
      turns.push(tenant);
      looked++;
      continue;
    }
    looked = 0;
    lane.waiting.shift()!.start();
    if (lane.waiting.length) turns.push(tenant);
  }
}

export type LaneOptions = {
  /** The field named by the imagesBusy refusal. */
  field?: string;
  /** Wait in the lane however many jobs wait (work no one is there to retry, such as the invoice mailed when a ride completes). */
  wait?: boolean;
};

/**
 * Runs one image job of a tenant (its slug) in the tenant's lane: at once
 * when the tenant has no job running and a slot is free, after its turn
 * otherwise; refuses it (imagesBusy) when the tenant already has
 * IMAGE_JOBS_QUEUED_PER_TENANT jobs waiting, unless `wait`.
 */
export function inImageLane<T>(tenant: string, job: () => Promise<T>, options: LaneOptions = {}): Promise<T> {
  const lane = laneOf(tenant);
  const free = lane.running < IMAGE_JOBS_PER_TENANT && running < imageJobSlots() && lane.waiting.length === 0;
  if (!free && !options.wait && lane.waiting.length >= IMAGE_JOBS_QUEUED_PER_TENANT) return Promise.reject(imagesBusy(options.field));
  return new Promise<T>((resolve, reject) => {
    const start = () => {
      lane.running++;
      running++;
      let work: Promise<T>;
      try {
        work = job();
      } catch (error) {
        work = Promise.reject(error);
      }
      work.then(resolve, reject).finally(() => {
        lane.running--;
        running--;
        if (lane.running === 0 && lane.waiting.length === 0) lanes.delete(tenant);
        dispatch();
      });
    };
    if (free) start();
    else {
      if (lane.waiting.length === 0) turns.push(tenant);
      lane.waiting.push({ start });
      dispatch();
    }
  });
}
