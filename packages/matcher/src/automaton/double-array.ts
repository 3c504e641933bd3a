import { type Alphabet, codeOf } from "./alphabet.ts";

/**
 * An Aho–Corasick automaton in a double array (the layout of darts/daachorse): the transition from
 * state s on code c is t = base[s] + c when check[t] === s. fail[] holds failure links; out[s] is the
 * offset in `outputs` of the first record on s's suffix chain that reports something, or -1.
 * An output record is [next record or -1, key length, count, entry…].
 */
export interface AutomatonArrays {
  base: Int32Array;
  check: Int32Array;
  fail: Int32Array;
  out: Int32Array;
  outputs: Int32Array;
  states: number;
  patterns: number;
}

const FREE = -1;

class Growable {
  base: Int32Array;
  check: Int32Array;
  fail: Int32Array;
  out: Int32Array;
  /** One bit per cell: 1 = used. Lets the search for free cells skip full words 32 cells at a time. */
  used: Uint32Array;

  constructor(capacity: number) {
    this.base = new Int32Array(capacity);
    this.check = new Int32Array(capacity).fill(FREE);
    this.fail = new Int32Array(capacity);
    this.out = new Int32Array(capacity).fill(-1);
    this.used = new Uint32Array((capacity >>> 5) + 1);
  }

  get capacity(): number {
    return this.base.length;
  }

  ensure(size: number): void {
    if (size <= this.capacity) return;
    let capacity = this.capacity;
    while (capacity < size) capacity *= 2;
    const grow = (a: Int32Array, fill: number): Int32Array => {
      const b = new Int32Array(capacity);
      if (fill !== 0) b.fill(fill, a.length);
      b.set(a);
      return b;
    };
    this.base = grow(this.base, 0);
    this.check = grow(this.check, FREE);
    this.fail = grow(this.fail, 0);
    this.out = grow(this.out, -1);
    const used = new Uint32Array((capacity >>> 5) + 1);
    used.set(this.used);
    this.used = used;
  }

  isFree(cell: number): boolean {
    return cell >= this.capacity || ((this.used[cell >>> 5] as number) & (1 << (cell & 31))) === 0;
  }

  take(cell: number, parent: number): void {
    this.check[cell] = parent;
    this.used[cell >>> 5] = (this.used[cell >>> 5] as number) | (1 << (cell & 31));
  }

  /** The first free cell at or after `from` (possibly past the current capacity). */
  nextFree(from: number): number {
    let word = from >>> 5;
    let bits = ~(this.used[word] ?? 0) & (~0 << (from & 31));
    while (bits === 0) {
      word++;
      if (word >= this.used.length) return word << 5;
      bits = ~(this.used[word] as number);
    }
    return (word << 5) + (31 - Math.clz32(bits & -bits));
  }
}

/** Keys as strings of code units: one unit per code, or two (big-endian) when codes exceed 16 bits. */
function encodeKeys(keys: readonly (readonly number[])[], alphabet: Alphabet, wide: boolean): string[] {
  return keys.map((key) => {
    let s = "";
    for (const cp of key) {
      const code = codeOf(alphabet, cp);
      s += wide ? String.fromCharCode(code >>> 16, code & 0xffff) : String.fromCharCode(code);
    }
    return s;
  });
}

/**
 * Build the automaton for keys (index = entry index). Keys with equal code sequences share a state and
 * report all their entries. Construction is breadth-first over the sorted unique keys, so failure links
 * and output chains are computed as states are placed.
 */
export function buildDoubleArray(keys: readonly (readonly number[])[], alphabet: Alphabet): AutomatonArrays {
  const wide = alphabet.size > 0xffff;
  const width = wide ? 2 : 1;
  const encoded = encodeKeys(keys, alphabet, wide);
  const entriesOf = new Map<string, number[]>();
  encoded.forEach((key, entry) => {
    const list = entriesOf.get(key);
    if (list === undefined) entriesOf.set(key, [entry]);
    else list.push(entry);
  });
  const unique = [...entriesOf.keys()].sort(); // code-unit order = code order (fixed width)
  const codeAt = wide
    ? (key: string, depth: number): number => (key.charCodeAt(depth * 2) << 16) | key.charCodeAt(depth * 2 + 1)
    : (key: string, depth: number): number => key.charCodeAt(depth);

  const a = new Growable(Math.max(1024, Math.ceil(totalLength(unique) / width / 2) + alphabet.size + 2));
  a.take(0, -2);
  const outputs: number[] = [];
  let states = 1;
  let maxBase = 0;
  let lowWater = 1;

  // Queue of (state, lo, hi, depth) over `unique`, breadth-first.
  const queue: number[] = [0, 0, unique.length, 0];
  const childCodes: number[] = [];
  const childLo: number[] = [];
  for (let q = 0; q < queue.length; q += 4) {
    const state = queue[q] as number;
    let lo = queue[q + 1] as number;
    const hi = queue[q + 2] as number;
    const depth = queue[q + 3] as number;
    // A key that ends here sorts first in its range; its output was recorded when the state was made.
    if (lo < hi && (unique[lo] as string).length === depth * width) lo++;
    if (lo >= hi) continue;
    childCodes.length = 0;
    childLo.length = 0;
    for (let i = lo; i < hi; i++) {
      const code = codeAt(unique[i] as string, depth);
      if (childCodes.length === 0 || childCodes[childCodes.length - 1] !== code) {
        childCodes.push(code);
        childLo.push(i);
      }
    }
    childLo.push(hi);
    const base = findBase(a, childCodes, lowWater);
    while (!a.isFree(lowWater)) lowWater = a.nextFree(lowWater);
    a.base[state] = base;
    if (base > maxBase) maxBase = base;
    for (let c = 0; c < childCodes.length; c++) {
      const code = childCodes[c] as number;
      const child = base + code;
      a.take(child, state);
      states++;
      a.fail[child] = state === 0 ? 0 : failTarget(a, a.fail[state] as number, code);
      // The failure target is shallower, so its output chain is already final.
      const failOut = a.out[a.fail[child] as number] as number;
      const firstKey = unique[childLo[c] as number] as string;
      if (firstKey.length === (depth + 1) * width) {
        const entries = entriesOf.get(firstKey) as number[];
        a.out[child] = outputs.length;
        outputs.push(failOut, depth + 1, entries.length);
        for (const entry of entries) outputs.push(entry);
      } else {
        a.out[child] = failOut;
      }
      queue.push(child, childLo[c] as number, childLo[c + 1] as number, depth + 1);
    }
  }

  // Trim, keeping room so base[s] + any code stays inside the arrays.
  let last = a.capacity - 1;
  while (last > 0 && a.isFree(last)) last--;
  const size = Math.max(last + 1, maxBase + alphabet.size + 1);
  a.ensure(size);
  return {
    base: a.base.slice(0, size),
    check: a.check.slice(0, size),
    fail: a.fail.slice(0, size),
    out: a.out.slice(0, size),
    outputs: Int32Array.from(outputs),
    states,
    patterns: unique.length,
  };
}

function totalLength(keys: readonly string[]): number {
  let n = 0;
  for (const k of keys) n += k.length;
  return n;
}

/** A base such that base + code is free for every child code (codes ascending, at least one). */
function findBase(a: Growable, codes: readonly number[], lowWater: number): number {
  const first = codes[0] as number;
  let cell = a.nextFree(Math.max(lowWater, first + 0));
  for (;;) {
    const base = cell - first;
    let ok = base >= 0;
    for (let i = 1; ok && i < codes.length; i++) ok = a.isFree(base + (codes[i] as number));
    if (ok) {
      a.ensure(base + (codes[codes.length - 1] as number) + 1);
      return base;
    }
    cell = a.nextFree(cell + 1);
  }
}

/** Follow failure links from `from` until a state with a transition on `code` (or the root). */
function failTarget(a: Growable, from: number, code: number): number {
  let f = from;
  for (;;) {
    const t = (a.base[f] as number) + code;
    if (t < a.capacity && a.check[t] === f) return t;
    if (f === 0) return 0;
    f = a.fail[f] as number;
  }
}
