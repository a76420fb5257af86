import { expect, type Page } from '@playwright/test';
import type { ApiAnswer } from './xss-api';
import { inspectPage, type Needle, type XssHit } from './xss-probe';
import type { XssPayload } from './xss-payloads';

/** Runs `fn` over `items`, at most `size` at a time (`worker` says which of the `size` lanes runs it), answers in order. */
export async function pool<T, R>(items: readonly T[], size: number, fn: (item: T, index: number, worker: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const lane = async (worker: number) => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index], index, worker);
    }
  };
  await Promise.all(Array.from({ length: Math.min(size, items.length) }, (_, worker) => lane(worker)));
  return results;
}

/** How one input took the corpus: kept (2xx) or refused; `wrong` lists answers that are neither a 2xx nor the expected 4xx. */
export type Fed = { input: string; accepted: XssPayload[]; refused: number[]; wrong: string[] };

/**
 * Sends each payload through one input. A payload is accepted (2xx), or
 * refused with a 400 naming one of `refusedFields` and a message; anything
 * else (a 5xx, another status, a refusal naming another field) is wrong.
 */
export async function feed(
  input: string,
  payloads: readonly XssPayload[],
  send: (payload: XssPayload, index: number) => Promise<ApiAnswer>,
  refusedFields: readonly string[],
  concurrency = 3,
): Promise<Fed> {
  const started = Date.now();
  const answers = await pool(payloads, concurrency, send);
  if (process.env.XSS_DEBUG) console.log(`feed ${input}: ${payloads.length} in ${Date.now() - started} ms`);
  const fed: Fed = { input, accepted: [], refused: [], wrong: [] };
  answers.forEach((answer, index) => {
    const payload = payloads[index];
    if (answer.status >= 200 && answer.status < 300) fed.accepted.push(payload);
    else if (answer.status === 400 && refusedFields.includes(answer.json.error?.field ?? '') && answer.json.error?.message) fed.refused.push(payload.n);
    else fed.wrong.push(`#${payload.n}: ${answer.status} ${JSON.stringify(answer.json).slice(0, 200)}`);
  });
  return fed;
}

/** What one look at a page found: payloads not shown, active markup, sentinel calls and dialogs. */
export type PageReport = { page: string; missing: string[]; active: string[]; hits: XssHit[]; dialogs: string[] };

/** A context's sentinel with the position of the last look, so each look reports only what happened since. */
export class Watch {
  private seenHits = 0;
  private seenDialogs = 0;

  constructor(readonly sentinel: { hits: XssHit[]; dialogs: string[] }) {}

  /** Hits and dialogs since the last call. */
  fresh(): { hits: XssHit[]; dialogs: string[] } {
    const hits = this.sentinel.hits.slice(this.seenHits);
    const dialogs = this.sentinel.dialogs.slice(this.seenDialogs);
    this.seenHits = this.sentinel.hits.length;
    this.seenDialogs = this.sentinel.dialogs.length;
    return { hits, dialogs };
  }

  /**
   * Looks at the page as it is now: waits (up to `timeout`) until every
   * expected payload is shown, lets handlers that a payload could have
   * planted fire, then reports.
   */
  async look(page: Page, label: string, expected: readonly Needle[], timeout = 15_000): Promise<PageReport> {
    const deadline = Date.now() + timeout;
    let found = await inspectPage(page, expected);
    while (found.missing.length && Date.now() < deadline) {
      await page.waitForTimeout(100);
      found = await inspectPage(page, expected);
    }
    await page.waitForTimeout(100);
    found = await inspectPage(page, expected);
    if (process.env.XSS_DEBUG)
      console.log(
        `look ${label}: ${expected.length} needles, ${found.missing.length} missing, ${found.active.length} active, ${Date.now() - deadline + timeout} ms`,
      );
    return { page: label, ...found, ...this.fresh() };
  }

  /** Opens `url`, optionally does `then` (a tab, a page size), and looks. */
  async open(page: Page, url: string, expected: readonly Needle[], then?: () => Promise<void>): Promise<PageReport> {
    await page.goto(url);
    if (then) await then();
    return this.look(page, url, expected);
  }
}

/** Several looks as one report (for one expect over a set of pages). */
export function merge(page: string, reports: readonly Partial<PageReport>[], missing: string[] = []): PageReport {
  return {
    page,
    missing: [...missing, ...reports.flatMap((r) => r.missing ?? [])],
    active: reports.flatMap((r) => r.active ?? []),
    hits: reports.flatMap((r) => r.hits ?? []),
    dialogs: reports.flatMap((r) => r.dialogs ?? []),
  };
}

/** The one expect of a look: nothing missing, nothing active, no sentinel call, no dialog. */
export function expectClean(report: PageReport): void {
  expect(report, `${report.page}: payloads shown inert`).toEqual({ page: report.page, missing: [], active: [], hits: [], dialogs: [] });
}

/** The one expect of an input: it kept exactly `kept` (those its validation allows) and refused the rest with a 400 naming the field. */
export function expectFed(fed: Fed, kept: readonly XssPayload[]): void {
  if (process.env.XSS_DEBUG) console.log(`fed ${fed.input}: ${fed.accepted.length} kept, ${fed.refused.length} refused, ${fed.wrong.length} wrong`);
  const numbers = (list: readonly XssPayload[]) => list.map((p) => p.n).sort((a, b) => a - b);
  expect(
    { input: fed.input, wrong: fed.wrong, kept: numbers(fed.accepted) },
    `${fed.input}: ${fed.accepted.length} kept, ${fed.refused.length} refused`,
  ).toEqual({ input: fed.input, wrong: [], kept: numbers(kept) });
}
