import type { Alphabet } from "./alphabet.ts";
import { IntList } from "../int-list.ts";
import { type FlatKeys, sortKeys } from "./build-trie.ts";

/**
 * An Aho–Corasick automaton in a double array (the layout of darts/daachorse): the transition from
 * state s on code c is t = base[s] + c when check[t] === s. fail[] holds failure links; out[s] is the
 * offset in `outputs` of the first record on s's suffix chain that reports something, or -1.
 * An output record is [next record or -1, key length, summary, count, entry…]; the summary says which
 * kinds of entries it holds (OUT_*), so the first scanning pass can dismiss most records cheaply.
 */
/** The record holds a `contains` dictionary entry. */
export const OUT_CONTAINS = 1;
/** The record holds a `word` dictionary entry. */
export const OUT_WORD = 2;
/** The record holds a dictionary entry with separators of its own (`fuck you`). */
export const OUT_OWN_GAPS = 4;
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
  /** One bit per cell: 1 = used. */
  used: Uint32Array;
  /** Union-find over 32-cell words: nextOpen leads from a full word to the next word with a free cell,
   *  so finding a free cell never walks a long run of full ones (placement stays near-linear). */
  nextOpen: Int32Array;

  constructor(capacity: number) {
    this.base = new Int32Array(capacity);
    this.check = new Int32Array(capacity).fill(FREE);
    this.fail = new Int32Array(capacity);
    this.out = new Int32Array(capacity).fill(-1);
    this.used = new Uint32Array((capacity >>> 5) + 1);
    this.nextOpen = Int32Array.from({ length: this.used.length + 1 }, (_, i) => i);
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
    const nextOpen = Int32Array.from({ length: used.length + 1 }, (_, i) => i);
    nextOpen.set(this.nextOpen.subarray(0, this.used.length));
    this.used = used;
    this.nextOpen = nextOpen;
  }

  isFree(cell: number): boolean {
    return cell >= this.capacity || ((this.used[cell >>> 5] as number) & (1 << (cell & 31))) === 0;
  }

  /** One past the highest used cell: everything from here on is free. */
  frontier = 0;

  take(cell: number, parent: number): void {
    this.check[cell] = parent;
    if (cell >= this.frontier) this.frontier = cell + 1;
    const word = cell >>> 5;
    const bits = (this.used[word] as number) | (1 << (cell & 31));
    this.used[word] = bits;
    if (bits === -1 || bits === 0xffffffff) this.nextOpen[word] = word + 1;
  }

  private openWord(from: number): number {
    const next = this.nextOpen;
    let w = from;
    while (w < next.length - 1 && next[w] !== w) {
      const up = next[next[w] as number] as number;
      next[w] = up; // path halving
      w = up;
    }
    return w;
  }

  /** The first free cell at or after `from` (possibly past the current capacity). */
  nextFree(from: number): number {
    let word = from >>> 5;
    if (word >= this.used.length) return from;
    let bits = ~(this.used[word] as number) & (~0 << (from & 31));
    if (bits === 0) {
      word = this.openWord(word + 1);
      if (word >= this.used.length) return word << 5;
      bits = ~(this.used[word] as number);
    }
    return (word << 5) + (31 - Math.clz32(bits & -bits));
  }
}

/**
 * Build the automaton for keys (index = entry index). Keys with equal code sequences share a state and
 * report all their entries. The trie of the sorted keys is walked breadth-first without materialising it
 * (a node is a range of sorted keys sharing a prefix), and its states are placed as they are visited, so
 * failure links and output chains are computed as states are placed (a failure target is always
 * shallower, hence already final). Scratch space is typed arrays sized up front: no per-node allocation.
 */
export function buildDoubleArray(
  keys: FlatKeys,
  alphabet: Alphabet,
  summaryOf: (entry: number) => number,
): AutomatonArrays {
  const { codes, start, count, entryOf } = sortKeys(keys, alphabet);
  // The trie's exact state count, from the sorted keys (each key adds the states past its common prefix with the
  // previous one), sizes every array below: a compile allocates tens of MB of typed arrays, and over-allocating
  // them by the total key length made V8 collect garbage for as long as it built.
  const states = countStates(codes, start, count);
  const a = new Growable(Math.max(1024, states + (states >>> 2) + alphabet.size + 2));
  a.take(0, -2);
  const outputs = new IntList(count * 5 + 16);
  let patterns = 0;
  let maxBase = 0;
  const created = new Int32Array(states);
  let placed = 0;
  // Breadth-first queue of nodes: state, first key, end key, depth.
  const queue = new Int32Array(4 * (states + 1));
  queue[2] = count;
  let tail = 4;
  const childCodes = new Int32Array(alphabet.size + 1);
  const childLo = new Int32Array(alphabet.size + 2);
  for (let head = 0; head < tail; head += 4) {
    const state = queue[head] as number;
    const lo = queue[head + 1] as number;
    const hi = queue[head + 2] as number;
    const depth = queue[head + 3] as number;
    // Keys ending here come first (shorter sorts first); the rest group by their code at `depth`.
    let children = 0;
    let endTo = lo;
    let lastCode = -1;
    for (let k = lo; k < hi; k++) {
      const at = (start[k] as number) + depth;
      if (at >= (start[k + 1] as number)) {
        endTo = k + 1;
        continue;
      }
      const code = codes[at] as number;
      if (code !== lastCode) {
        childCodes[children] = code;
        childLo[children++] = k;
        lastCode = code;
      }
    }
    childLo[children] = hi;
    if (endTo > lo && state !== 0) {
      // This state's own record; its `next` is linked below once every failure link exists.
      patterns++;
      a.out[state] = outputs.length;
      let summary = 0;
      for (let i = lo; i < endTo; i++) summary |= summaryOf(entryOf[i] as number);
      outputs.push(-1);
      outputs.push(depth);
      outputs.push(summary);
      outputs.push(endTo - lo);
      for (let i = lo; i < endTo; i++) outputs.push(entryOf[i] as number);
    }
    if (children === 0) continue;
    const base = findBase(a, childCodes, children);
    a.base[state] = base;
    if (base > maxBase) maxBase = base;
    const parentFail = a.fail[state] as number;
    for (let c = 0; c < children; c++) {
      const code = childCodes[c] as number;
      const child = base + code;
      a.take(child, state);
      created[placed++] = child;
      a.fail[child] = state === 0 ? 0 : failTarget(a, parentFail, code);
      queue[tail++] = child;
      queue[tail++] = childLo[c] as number;
      queue[tail++] = childLo[c + 1] as number;
      queue[tail++] = depth + 1;
    }
  }
  // Output chains in breadth-first order: a failure target is shallower, so its chain is final.
  const out = a.out;
  const fail = a.fail;
  const records = outputs.data;
  for (let i = 0; i < placed; i++) {
    const s = created[i] as number;
    const inherited = out[fail[s] as number] as number;
    const own = out[s] as number;
    if (own >= 0) records[own] = inherited;
    else out[s] = inherited;
  }

  // Trim, keeping room so base[s] + any code stays inside the arrays.
  const size = Math.max(a.frontier, maxBase + alphabet.size + 1);
  a.ensure(size);
  return {
    base: a.base.subarray(0, size),
    check: a.check.subarray(0, size),
    fail: a.fail.subarray(0, size),
    out: a.out.subarray(0, size),
    outputs: outputs.view(),
    states: placed + 1,
    patterns,
  };
}

/** States of the trie of sorted keys, the root excluded. */
function countStates(codes: Int32Array, start: Int32Array, count: number): number {
  let states = 0;
  for (let k = 0; k < count; k++) {
    const from = start[k] as number;
    const to = start[k + 1] as number;
    let common = 0;
    if (k > 0) {
      const prev = start[k - 1] as number;
      const limit = Math.min(to - from, from - prev);
      while (common < limit && codes[prev + common] === codes[from + common]) common++;
    }
    states += to - from - common;
  }
  return states;
}

/**
 * A base such that base + code is free for every child code (codes ascending, at least one).
 * Single children take the first free cell at or after their code. Wider nodes search at most
 * SEARCH_LIMIT candidates among free cells near the end of the used region, then go past it: with an
 * alphabet of thousands of CJK characters an exhaustive search (the textbook free-list walk) costs
 * seconds for 100k entries, while the holes a wide node leaves behind are soon filled by the many
 * single-child states.
 */
const SEARCH_LIMIT = 1024;
const SEARCH_WINDOW = 1 << 13;

function findBase(a: Growable, codes: Int32Array, n: number): number {
  const first = codes[0] as number;
  const lastCode = codes[n - 1] as number;
  if (n === 1) {
    const cell = a.nextFree(first);
    a.ensure(cell + 1);
    return cell - first;
  }
  // The window must reach back further than the children spread, or base + lastCode always lands past the frontier
  // and every wide node grows the array by its spread (random CJK keys: 16M cells for 100k entries).
  const window = Math.max(SEARCH_WINDOW, 2 * (lastCode - first));
  let cell = a.nextFree(Math.max(first, a.frontier - window));
  for (let attempt = 0; attempt < SEARCH_LIMIT; attempt++) {
    const base = cell - first;
    let ok = true;
    for (let i = 1; ok && i < n; i++) ok = a.isFree(base + (codes[i] as number));
    if (ok) {
      a.ensure(base + lastCode + 1);
      return base;
    }
    cell = a.nextFree(cell + 1);
  }
  const base = Math.max(0, a.frontier - first);
  a.ensure(base + lastCode + 1);
  return base;
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
