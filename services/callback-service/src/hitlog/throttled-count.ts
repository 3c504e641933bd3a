// Counts events whose log lines must not flood (an outage of minutes drops rows by the thousand): at most one line per
// interval, carrying how many happened since the last one.
export class ThrottledCount {
  readonly #intervalMs: number;
  #pending = 0;
  #lastReport = 0;

  constructor(intervalMs: number) {
    this.#intervalMs = intervalMs;
  }

  /** Adds `count`; returns the total to report when a line is due (the count then starts again), else undefined. */
  add(count: number): number | undefined {
    this.#pending += count;
    const now = Date.now();
    if (now - this.#lastReport < this.#intervalMs) return undefined;
    const due = this.#pending;
    this.#pending = 0;
    this.#lastReport = now;
    return due;
  }
}
