// Per-request metrics kept in typed arrays indexed by label position, exposed to prom-client's registry as ordinary
// metric objects that are turned into exposition values only at scrape time. prom-client's own labelled children hash
// their label set on every call (about 1–2 µs per request for a counter and a histogram); on a path whose whole
// budget is a few microseconds over a bare route that is too much.

/** The value rows prom-client's Registry formats (see Registry#getMetricsAsString). */
interface MetricValue {
  labels: Record<string, string | number>;
  value: number;
  metricName?: string;
}

interface RegistryMetric {
  name: string;
  help: string;
  type: "counter" | "histogram";
  aggregator: "sum";
  get(): Promise<{ name: string; help: string; type: string; aggregator: "sum"; values: MetricValue[] }>;
  reset(): void;
}

/** A counter over the cartesian product of fixed label values. */
export class HotCounter implements RegistryMetric {
  readonly name: string;
  readonly help: string;
  readonly type = "counter" as const;
  readonly aggregator = "sum" as const;
  readonly #labelNames: string[];
  readonly #combos: string[][];
  readonly #counts: Float64Array;

  constructor(name: string, help: string, labels: Record<string, readonly string[]>) {
    this.name = name;
    this.help = help;
    this.#labelNames = Object.keys(labels);
    this.#combos = Object.values(labels).reduce<string[][]>((acc, values) => acc.flatMap((c) => values.map((v) => [...c, v])), [[]]);
    this.#counts = new Float64Array(this.#combos.length);
  }

  /** Index of a label combination, in the order the label values were given (row-major). */
  inc(index: number, by = 1): void {
    this.#counts[index]! += by;
  }

  reset(): void {
    this.#counts.fill(0);
  }

  async get() {
    const values: MetricValue[] = [];
    this.#combos.forEach((combo, i) => {
      if (this.#counts[i]! === 0) return; // series appear once they happen, as prom-client's would
      values.push({ labels: Object.fromEntries(combo.map((v, k) => [this.#labelNames[k]!, v])), value: this.#counts[i]! });
    });
    return { name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values };
  }
}

/** A histogram with one label whose values are fixed. */
export class HotHistogram implements RegistryMetric {
  readonly name: string;
  readonly help: string;
  readonly type = "histogram" as const;
  readonly aggregator = "sum" as const;
  readonly #label: string;
  readonly #labelValues: readonly string[];
  readonly #upper: Float64Array;
  /** per label value: one slot per bucket (non-cumulative) plus +Inf */
  readonly #buckets: Float64Array;
  readonly #sums: Float64Array;
  readonly #counts: Float64Array;

  constructor(name: string, help: string, label: string, labelValues: readonly string[], buckets: readonly number[]) {
    this.name = name;
    this.help = help;
    this.#label = label;
    this.#labelValues = labelValues;
    this.#upper = Float64Array.from([...buckets].sort((a, b) => a - b));
    this.#buckets = new Float64Array(labelValues.length * (buckets.length + 1));
    this.#sums = new Float64Array(labelValues.length);
    this.#counts = new Float64Array(labelValues.length);
  }

  observe(labelIndex: number, value: number): void {
    const upper = this.#upper;
    let b = 0;
    while (b < upper.length && value > upper[b]!) b++;
    this.#buckets[labelIndex * (upper.length + 1) + b]!++;
    this.#sums[labelIndex]! += value;
    this.#counts[labelIndex]!++;
  }

  reset(): void {
    this.#buckets.fill(0);
    this.#sums.fill(0);
    this.#counts.fill(0);
  }

  async get() {
    const values: MetricValue[] = [];
    const width = this.#upper.length + 1;
    this.#labelValues.forEach((labelValue, l) => {
      if (this.#counts[l]! === 0) return;
      let cumulative = 0;
      for (let b = 0; b < width; b++) {
        cumulative += this.#buckets[l * width + b]!;
        const le = b < this.#upper.length ? this.#upper[b]! : "+Inf";
        values.push({ labels: { le, [this.#label]: labelValue }, value: cumulative, metricName: `${this.name}_bucket` });
      }
      values.push({ labels: { [this.#label]: labelValue }, value: this.#sums[l]!, metricName: `${this.name}_sum` });
      values.push({ labels: { [this.#label]: labelValue }, value: this.#counts[l]!, metricName: `${this.name}_count` });
    });
    return { name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values };
  }
}
