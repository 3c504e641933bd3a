/**
 * A list of int32 that grows by doubling. Compile fills several of these (folded keys, gap positions, output
 * records) for 100k+ entries: one typed array each instead of many small JS arrays keeps the young generation
 * nearly empty, and with it the garbage collector's share of a compile.
 */
export class IntList {
  data: Int32Array;
  length = 0;

  constructor(capacity = 16) {
    this.data = new Int32Array(Math.max(16, capacity));
  }

  push(v: number): void {
    if (this.length === this.data.length) {
      const bigger = new Int32Array(this.data.length * 2);
      bigger.set(this.data);
      this.data = bigger;
    }
    this.data[this.length++] = v;
  }

  /** The values so far, as a view (no copy); valid until the next push. */
  view(): Int32Array {
    return this.data.subarray(0, this.length);
  }
}
