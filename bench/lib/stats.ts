import { cpus, totalmem } from "node:os";

/** Median of a sample (the number every benchmark quotes: the machine is shared and noisy). */
export function median(values: readonly number[]): number {
  return percentile(values, 50);
}

/** Nearest-rank percentile, p in [0, 100]. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

/** One line naming the machine and the day, for the head of every RESULTS.md section. */
export function machineLine(): string {
  const cpu = cpus()[0]?.model ?? "unknown cpu";
  return `${new Date().toISOString().slice(0, 10)}, ${cpus().length} × ${cpu}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
}
