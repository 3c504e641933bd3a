import type { Alphabet } from "./alphabet.ts";

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
 * Sort through strings: each key becomes its codes as UTF-16 units (two units per code past 16 bits),
 * then NUL, then the entry number, so the engine's native string sort orders them; shorter keys sort
 * before their extensions because NUL is below every code.
 */
export function sortKeys(keys: readonly (readonly number[])[], alphabet: Alphabet): SortedKeys {
  const codeOf = new Map<number, number>();
  alphabet.cps.forEach((cp, i) => codeOf.set(cp, alphabet.codes[i] as number));
  const wide = alphabet.size >= 0xffff;
  const sortable: string[] = new Array(keys.length);
  const units: number[] = [];
  let total = 0;
  keys.forEach((key, entry) => {
    units.length = 0;
    for (const cp of key) {
      const code = codeOf.get(cp) as number;
      if (wide) units.push((code >>> 16) + 1, code & 0xffff);
      else units.push(code);
    }
    units.push(0, entry >>> 16, entry & 0xffff);
    sortable[entry] = String.fromCharCode.apply(null, units);
    total += key.length;
  });
  sortable.sort();
  const codes = new Int32Array(total);
  const start = new Int32Array(keys.length + 1);
  const entryOf = new Int32Array(keys.length);
  let at = 0;
  sortable.forEach((s, k) => {
    const end = s.length - 3;
    entryOf[k] = (s.charCodeAt(end + 1) << 16) | s.charCodeAt(end + 2);
    start[k] = at;
    if (wide) for (let i = 0; i < end; i += 2) codes[at++] = ((s.charCodeAt(i) - 1) << 16) | s.charCodeAt(i + 1);
    else for (let i = 0; i < end; i++) codes[at++] = s.charCodeAt(i);
  });
  start[keys.length] = at;
  return { codes, start, entryOf, count: keys.length };
}

/**
 * Visit the trie of sorted keys breadth-first without materialising it. For each node, `visit` gets the
 * node's id, its depth, the entries whose key ends there (entryOf[endFrom .. endTo)) and its child codes
 * (ascending); it pushes one id per child, which comes back as the id when that child is visited.
 */
export function walkTrie(
  keys: SortedKeys,
  visit: (
    id: number,
    depth: number,
    entryOf: Int32Array,
    endFrom: number,
    endTo: number,
    childCodes: number[],
    childIds: number[],
  ) => void,
): void {
  const { codes, start, count, entryOf } = keys;
  let queue = new Int32Array(4 * 1024);
  queue[2] = count;
  let tail = 4;
  const childCodes: number[] = [];
  const childIds: number[] = [];
  const childLo: number[] = [];
  for (let head = 0; head < tail; head += 4) {
    const id = queue[head] as number;
    const lo = queue[head + 1] as number;
    const hi = queue[head + 2] as number;
    const depth = queue[head + 3] as number;
    // Keys ending here come first (shorter sorts first); the rest group by their code at `depth`.
    childCodes.length = 0;
    childLo.length = 0;
    let endTo = lo;
    for (let k = lo; k < hi; k++) {
      const at = (start[k] as number) + depth;
      if (at >= (start[k + 1] as number)) {
        endTo = k + 1;
        continue;
      }
      const code = codes[at] as number;
      if (childCodes.length === 0 || childCodes[childCodes.length - 1] !== code) {
        childCodes.push(code);
        childLo.push(k);
      }
    }
    childLo.push(hi);
    childIds.length = 0;
    visit(id, depth, entryOf, lo, endTo, childCodes, childIds);
    if (tail + 4 * childCodes.length > queue.length) {
      const bigger = new Int32Array(Math.max(queue.length * 2, tail + 4 * childCodes.length));
      bigger.set(queue);
      queue = bigger;
    }
    for (let c = 0; c < childCodes.length; c++) {
      queue[tail++] = childIds[c] as number;
      queue[tail++] = childLo[c] as number;
      queue[tail++] = childLo[c + 1] as number;
      queue[tail++] = depth + 1;
    }
  }
}
