/**
 * A FIFO with a capacity that drops its OLDEST items to make room: under a long database outage the newest hits are
 * the ones an operator still wants. Amortised O(1) push and take (a head index instead of Array#shift), so a queue
 * of a hundred thousand rows costs nothing per request.
 */
export class BoundedQueue<T> {
  readonly capacity: number;
  #items: (T | undefined)[] = [];
  #head = 0;

  constructor(capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError(`queue capacity must be a positive integer: ${capacity}`);
    this.capacity = capacity;
  }

  get size(): number {
    return this.#items.length - this.#head;
  }

  /** Appends; returns how many of the oldest items were dropped to make room (0 or 1). */
  push(item: T): number {
    let dropped = 0;
    if (this.size >= this.capacity) {
      this.#items[this.#head++] = undefined;
      dropped = 1;
    }
    this.#items.push(item);
    this.#compact();
    return dropped;
  }

  /** Removes and returns up to `n` items from the front. */
  take(n: number): T[] {
    const end = Math.min(this.#items.length, this.#head + n);
    const out = this.#items.slice(this.#head, end) as T[];
    this.#head = end;
    this.#compact();
    return out;
  }

  /**
   * Puts items taken earlier back at the front (a batch whose insert failed), keeping their order. Items pushed
   * meanwhile may leave no room for all of them: the oldest of the returned ones are dropped; returns how many.
   */
  restoreFront(items: readonly T[]): number {
    const room = Math.max(0, this.capacity - this.size);
    const kept = items.length > room ? items.slice(items.length - room) : items;
    this.#items = [...kept, ...this.#items.slice(this.#head)];
    this.#head = 0;
    return items.length - kept.length;
  }

  /** Removes everything; returns the items in order. */
  drain(): T[] {
    return this.take(this.size);
  }

  #compact(): void {
    // Slice the consumed prefix away once it is both large and most of the array.
    if (this.#head > 1024 && this.#head * 2 > this.#items.length) {
      this.#items = this.#items.slice(this.#head);
      this.#head = 0;
    }
  }
}
