/** Capped exponential backoff: base, 2×base, 4×base … up to max, for the n-th consecutive failure (n ≥ 1). */
export function backoffDelay(failures: number, baseMs: number, maxMs: number): number {
  const exponent = Math.min(Math.max(failures, 1) - 1, 20);
  return Math.min(maxMs, baseMs * 2 ** exponent);
}
