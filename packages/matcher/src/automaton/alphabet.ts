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

/** The alphabet of keys given as one flat list of folded code points. */
export function buildAlphabet(keyCps: Int32Array): Alphabet {
  // Counts in a flat array for the BMP (nearly every character), a map beyond it.
  const bmp = new Int32Array(0x10000);
  const astral = new Map<number, number>();
  for (let i = 0; i < keyCps.length; i++) {
    const cp = keyCps[i] as number;
    if (cp < 0x10000) bmp[cp]!++;
    else astral.set(cp, (astral.get(cp) ?? 0) + 1);
  }
  const counted: [number, number][] = [];
  for (let cp = 0; cp < 0x10000; cp++) if ((bmp[cp] as number) > 0) counted.push([cp, bmp[cp] as number]);
  for (const entry of astral) counted.push(entry);
  const cps = Int32Array.from(counted, ([cp]) => cp); // ascending: BMP scan, then sorted astral below
  const byFrequency = [...counted].sort((a, b) => b[1] - a[1] || a[0] - b[0]);
  const codeByCp = new Map<number, number>();
  byFrequency.forEach(([cp], i) => codeByCp.set(cp, i + 1));
  cps.sort();
  const codes = cps.map((cp) => codeByCp.get(cp) as number);
  return { cps, codes, size: cps.length };
}

/** A code-point → code lookup for building: a flat table for the BMP, a map beyond. */
export function codeLookup(alphabet: Alphabet): (cp: number) => number {
  const bmp = new Int32Array(0x10000);
  const astral = new Map<number, number>();
  alphabet.cps.forEach((cp, i) => {
    if (cp < 0x10000) bmp[cp] = alphabet.codes[i] as number;
    else astral.set(cp, alphabet.codes[i] as number);
  });
  return (cp) => (cp < 0x10000 ? (bmp[cp] as number) : (astral.get(cp) ?? 0));
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
