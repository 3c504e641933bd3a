/**
 * The alphabet: every folded code point used by some key, remapped to dense codes 1..size, most frequent
 * first (small codes for common characters keep the double array compact). Code 0 means "in no key".
 */
export interface Alphabet {
  /** Folded code points, ascending. */
  cps: Int32Array;
  /** codes[i] is the code of cps[i]. */
  codes: Int32Array;
  size: number;
}

export function buildAlphabet(keys: readonly (readonly number[])[]): Alphabet {
  const counts = new Map<number, number>();
  for (const key of keys) for (const cp of key) counts.set(cp, (counts.get(cp) ?? 0) + 1);
  const byFrequency = [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0]);
  const codeOf = new Map<number, number>();
  byFrequency.forEach(([cp], i) => codeOf.set(cp, i + 1));
  const cps = Int32Array.from(counts.keys()).sort();
  const codes = cps.map((cp) => codeOf.get(cp) as number);
  return { cps, codes, size: cps.length };
}

/** Binary search: the code of a folded code point, 0 when no key uses it. */
export function codeOf(alphabet: Pick<Alphabet, "cps" | "codes">, cp: number): number {
  const { cps, codes } = alphabet;
  let lo = 0;
  let hi = cps.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const v = cps[mid] as number;
    if (v === cp) return codes[mid] as number;
    if (v < cp) lo = mid + 1;
    else hi = mid - 1;
  }
  return 0;
}
