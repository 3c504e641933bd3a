// Percentiles for the numbers the suite reports (nearest rank, as bench/lib/stats.ts).

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

export interface Summary {
  count: number;
  min: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
}

export function summarize(values: readonly number[]): Summary {
  return {
    count: values.length,
    min: values.length ? Math.min(...values) : Number.NaN,
    p50: percentile(values, 50),
    p90: percentile(values, 90),
    p99: percentile(values, 99),
    max: values.length ? Math.max(...values) : Number.NaN,
  };
}

export function formatMs(value: number): string {
  return Number.isNaN(value) ? "n/a" : value < 10 ? `${value.toFixed(2)} ms` : `${value.toFixed(0)} ms`;
}

export function describeSummary(summary: Summary): string {
  return `n=${summary.count} p50=${formatMs(summary.p50)} p90=${formatMs(summary.p90)} p99=${formatMs(summary.p99)} max=${formatMs(summary.max)}`;
}
