import { type Alphabet, codeLookup } from "./alphabet.ts";

/** Keys as one flat list of folded code points: key i is cps[start[i] .. start[i+1]); never empty. */
export interface FlatKeys {
  cps: Int32Array;
  start: Int32Array;
  count: number;
}

/**
 * Keys for construction, sorted lexicographically by code sequence and laid out in that order: the
 * codes of the k-th smallest key are codes[start[k] .. start[k+1]) and it belongs to entry entryOf[k].
 * Walking sorted, contiguous keys keeps construction sequential in memory (no per-node sorting,
 * no pointer trie, no maps).
 */
export interface SortedKeys {
  codes: Int32Array;
  start: Int32Array;
  entryOf: Int32Array;
  count: number;
}

/**
 * Sort keys lexicographically (shorter first, equal keys in entry order): a counting sort on the first
 * code (keys are never empty), then each bucket — a few dozen keys on average — by comparing the rest.
 */
export function sortKeys(keys: FlatKeys, alphabet: Alphabet): SortedKeys {
  const codeOf = codeLookup(alphabet);
  const { count, start: rawStart } = keys;
  const total = rawStart[count] as number;
  // Codes in entry order.
  const raw = new Int32Array(total);
  for (let i = 0; i < total; i++) raw[i] = codeOf(keys.cps[i] as number);

  // Bucket by first code.
  const buckets = new Int32Array(alphabet.size + 2);
  for (let e = 0; e < count; e++) buckets[(raw[rawStart[e] as number] as number) + 1]!++;
  for (let c = 1; c < buckets.length; c++) buckets[c]! += buckets[c - 1] as number;
  const order = new Int32Array(count);
  const fill = buckets.slice();
  for (let e = 0; e < count; e++) order[fill[raw[rawStart[e] as number] as number]!++] = e;

  const compare = (a: number, b: number): number => {
    const aEnd = rawStart[a + 1] as number;
    const bEnd = rawStart[b + 1] as number;
    let i = (rawStart[a] as number) + 1;
    let j = (rawStart[b] as number) + 1;
    for (; i < aEnd && j < bEnd; i++, j++) {
      const d = (raw[i] as number) - (raw[j] as number);
      if (d !== 0) return d;
    }
    return aEnd - i - (bEnd - j) || a - b;
  };
  for (let c = 0; c + 1 < buckets.length; c++) {
    const lo = buckets[c] as number;
    const hi = buckets[c + 1] as number;
    if (hi - lo < 2) continue;
    if (hi - lo <= 16) {
      for (let i = lo + 1; i < hi; i++) {
        const v = order[i] as number;
        let j = i - 1;
        while (j >= lo && compare(order[j] as number, v) > 0) {
          order[j + 1] = order[j] as number;
          j--;
        }
        order[j + 1] = v;
      }
    } else {
      order.subarray(lo, hi).sort(compare);
    }
  }

  // Lay the codes out in sorted order so the walk reads memory sequentially.
  const codes = new Int32Array(total);
  const start = new Int32Array(count + 1);
  let at = 0;
  for (let k = 0; k < count; k++) {
    const e = order[k] as number;
    start[k] = at;
    for (let i = rawStart[e] as number; i < (rawStart[e + 1] as number); i++) codes[at++] = raw[i] as number;
  }
  start[count] = at;
  return { codes, start, entryOf: order, count };
}
