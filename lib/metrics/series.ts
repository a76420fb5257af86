/**
 * The request counters and the duration histogram as plain records, one per label set, found by one string key.
 * prom-client's own `Counter.inc(labels)` and `Histogram.observe(labels, value)` validate and hash the label object
 * and look its bucket up by the bound turned into a string, on every request: about 5 % of the busy time of a
 * cached document under wrk (bench/README.md, "The request's bookkeeping"). These keep the same exposition
 * (`_bucket` with `le`, `_sum`, `_count`) and are registered in the same registry; the work is done when scraped.
 */
import type { Registry } from 'prom-client';

type Labels = Record<string, string>;
type Value = { labels: Labels; value: number; metricName?: string };
type Exposed = { name: string; help: string; type: string; values: Value[]; aggregator: 'sum' };

/** What a prom-client Registry reads from a metric (`registerMetric`, `metrics()`, `resetMetrics()`). */
type Registrable = { name: string; help: string; type: string; get(): Promise<Exposed>; reset(): void };

function register(registry: Registry, metric: Registrable): void {
  (registry as unknown as { registerMetric(m: Registrable): void }).registerMetric(metric);
}

/** A counter whose callers name the series by a key they build (the label values joined), and its labels once. */
export class KeyedCounter implements Registrable {
  readonly type = 'counter';
  private series = new Map<string, { labels: Labels; value: number }>();

  constructor(
    readonly name: string,
    readonly help: string,
    registry: Registry,
  ) {
    register(registry, this);
  }

  /** Adds `by` to the series of `key`; `labels` is called only the first time a key is seen. */
  add(key: string, labels: () => Labels, by = 1): void {
    const series = this.series.get(key);
    if (series) series.value += by;
    else this.series.set(key, { labels: labels(), value: by });
  }

  async get(): Promise<Exposed> {
    return {
      name: this.name,
      help: this.help,
      type: this.type,
      aggregator: 'sum',
      values: [...this.series.values()].map(({ labels, value }) => ({ labels, value })),
    };
  }

  reset(): void {
    this.series.clear();
  }
}

/** A histogram with fixed bounds (seconds), one array of bucket counts per series. */
export class KeyedHistogram implements Registrable {
  readonly type = 'histogram';
  private series = new Map<string, { labels: Labels; buckets: Float64Array; sum: number; count: number }>();

  constructor(
    readonly name: string,
    readonly help: string,
    private readonly bounds: readonly number[],
    registry: Registry,
  ) {
    register(registry, this);
  }

  observe(key: string, labels: () => Labels, value: number): void {
    let series = this.series.get(key);
    if (!series) this.series.set(key, (series = { labels: labels(), buckets: new Float64Array(this.bounds.length), sum: 0, count: 0 }));
    const bounds = this.bounds;
    for (let i = 0; i < bounds.length; i++) {
      if (value <= bounds[i]) {
        series.buckets[i]++;
        break;
      }
    }
    series.sum += value;
    series.count++;
  }

  async get(): Promise<Exposed> {
    const values: Value[] = [];
    for (const { labels, buckets, sum, count } of this.series.values()) {
      let cumulative = 0;
      this.bounds.forEach((le, i) => {
        cumulative += buckets[i];
        values.push({ labels: { ...labels, le: String(le) }, value: cumulative, metricName: `${this.name}_bucket` });
      });
      values.push({ labels: { ...labels, le: '+Inf' }, value: count, metricName: `${this.name}_bucket` });
      values.push({ labels, value: sum, metricName: `${this.name}_sum` });
      values.push({ labels, value: count, metricName: `${this.name}_count` });
    }
    return { name: this.name, help: this.help, type: this.type, aggregator: 'sum', values };
  }

  reset(): void {
    this.series.clear();
  }
}
