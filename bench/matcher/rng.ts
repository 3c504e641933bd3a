/** A small seeded PRNG (mulberry32): the corpus must be the same on every machine and every run. */
export class Rng {
  #state: number;

  constructor(seed: number) {
    this.#state = seed >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.#state = (this.#state + 0x6d2b79f5) >>> 0;
    let t = this.#state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  int(below: number): number {
    return Math.floor(this.next() * below);
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)] as T;
  }

  /** Standard normal (Box–Muller). */
  normal(): number {
    const u = 1 - this.next();
    const v = this.next();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }

  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = this.int(i + 1);
      [items[i], items[j]] = [items[j] as T, items[i] as T];
    }
    return items;
  }
}

/** Sample from weights in O(log n) through a cumulative table. */
export class WeightedPicker<T> {
  readonly #items: readonly T[];
  readonly #cumulative: Float64Array;

  constructor(items: readonly T[], weights: readonly number[]) {
    this.#items = items;
    this.#cumulative = new Float64Array(items.length);
    let sum = 0;
    weights.forEach((w, i) => {
      sum += w;
      this.#cumulative[i] = sum;
    });
  }

  pick(rng: Rng): T {
    const total = this.#cumulative[this.#cumulative.length - 1] as number;
    const x = rng.next() * total;
    let lo = 0;
    let hi = this.#cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.#cumulative[mid] as number) > x) hi = mid;
      else lo = mid + 1;
    }
    return this.#items[lo] as T;
  }
}
