// The hit-log writer (DESIGN.md "The hot path"): decisions enqueue rows and return at once; rows are inserted in
// batches every HIT_LOG_FLUSH_MS or as soon as HIT_LOG_BATCH_SIZE are waiting (a flush goes on to the next batch only
// when a full one waits, or when asked to drain: flushNow and shutdown). While PostgreSQL is away a failed batch
// goes back to the front of the queue and is retried with capped exponential backoff; the queue is bounded and drops
// its oldest rows past HIT_LOG_QUEUE_LIMIT. A row the database refuses for its data (it would fail every retry) is
// isolated by halving its batch and dropped. No decided hit disappears silently: it is written, or counted in
// hit_log_dropped_total and reported in a log line.
import { randomUUID } from "node:crypto";
import type { Logger } from "pino";
import type { NewHitLog } from "@wordguard/db";
import type { CallbackMetrics } from "../metrics/metrics.ts";
import { BoundedQueue } from "./bounded-queue.ts";
import { backoffDelay } from "./backoff.ts";
import { sqlStateOf } from "@wordguard/db/sql-state";
import { refusedForData } from "./refused-for-data.ts";
import { ThrottledCount } from "./throttled-count.ts";

export interface HitLogWriterOptions {
  insert(rows: NewHitLog[]): Promise<unknown>;
  logger: Logger;
  metrics: Pick<CallbackMetrics, "hitLogDropped" | "hitLogFlushFailures" | "hitLogWritten">;
  flushMs: number;
  batchSize: number;
  queueLimit: number;
  /** First retry delay after a failed insert (default 250 ms); doubles per failure up to `retryMaxMs` (default 5 s). */
  retryBaseMs?: number;
  retryMaxMs?: number;
}

export interface HitLogCloseResult {
  /** rows still queued (or whose insert did not finish) when the deadline passed */
  lost: number;
}

/** Drop reports are summarised: at most one log line per interval however many rows go. */
const DROP_LOG_INTERVAL_MS = 5000;

export class HitLogWriter {
  readonly #options: HitLogWriterOptions;
  readonly #queue: BoundedQueue<NewHitLog>;
  readonly #log: Logger;
  #timer: NodeJS.Timeout | undefined;
  #flushing: Promise<void> | undefined;
  #inFlight = 0;
  #failures = 0;
  #retryAt = 0;
  #closed = false;
  /** flushNow asked for everything queued: the running flush goes on until the queue is empty. */
  #draining = false;
  readonly #dropReports = new ThrottledCount(DROP_LOG_INTERVAL_MS);
  readonly #refusedReports = new ThrottledCount(DROP_LOG_INTERVAL_MS);

  constructor(options: HitLogWriterOptions) {
    this.#options = options;
    this.#queue = new BoundedQueue(options.queueLimit);
    this.#log = options.logger.child({ component: "hit-log" });
  }

  /** Rows waiting, including a batch whose insert is under way. */
  get depth(): number {
    return this.#queue.size + this.#inFlight;
  }

  start(): void {
    this.#timer ??= setInterval(() => this.#kick(), this.#options.flushMs);
    this.#timer.unref();
  }

  enqueue(row: NewHitLog): void {
    if (this.#closed) {
      this.#dropped(1, "writer closed");
      return;
    }
    // The key is given once, here, so every retry of this row carries the same one and the database stores it once
    // even when a retried batch had in fact committed before its connection dropped.
    const dropped = this.#queue.push(row.dedupeKey === undefined ? { ...row, dedupeKey: randomUUID() } : row);
    if (dropped > 0) this.#dropped(dropped, "queue full");
    if (this.#queue.size >= this.#options.batchSize) this.#kick();
  }

  /**
   * Starts a flush unless one runs or a retry is not due yet, and has the flush (this one or the running one) go on
   * until the queue is empty; resolves when that flush ends.
   */
  flushNow(): Promise<void> {
    this.#draining = true;
    this.#kick();
    return this.#flushing ?? Promise.resolve();
  }

  /**
   * Stops the timer and writes what is queued, retrying until `timeoutMs` has passed. Whatever is left then is
   * counted as dropped and reported.
   */
  async close(timeoutMs: number): Promise<HitLogCloseResult> {
    this.#closed = true;
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = undefined;
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (this.#flushing) await raceDeadline(this.#flushing, deadline);
      if (this.#queue.size === 0 || Date.now() >= deadline) break;
      const wait = this.#retryAt - Date.now();
      if (wait > 0) await sleep(Math.min(wait, deadline - Date.now()));
      if (Date.now() >= deadline) break;
      this.#retryAt = 0;
      this.#kick();
    }
    const lost = this.depth;
    if (lost > 0) {
      this.#options.metrics.hitLogDropped.inc(lost);
      this.#log.error({ lost }, "hit logs not written before the shutdown deadline");
    }
    return { lost };
  }

  #kick(): void {
    if (this.#flushing || this.#queue.size === 0 || Date.now() < this.#retryAt) return;
    this.#flushing = this.#flushAll().finally(() => {
      this.#flushing = undefined;
    });
  }

  async #flushAll(): Promise<void> {
    const { batchSize, metrics } = this.#options;
    // Past the first batch only a full one, unless draining: going on with whatever arrived during an insert made a
    // batch of a few rows every few ms at a steady rate of hits, and each hand-over to the insert worker (postMessage,
    // whose port lock the worker's low-priority thread may hold) cost the event loop 0.1–0.5 ms, at times several ms.
    let first = true;
    while (this.#queue.size > 0 && (first || this.#draining || this.#closed || this.#queue.size >= batchSize)) {
      first = false;
      const batch = this.#queue.take(batchSize);
      this.#inFlight = batch.length;
      const refused = new Set<NewHitLog>();
      try {
        await this.#insertIsolating(batch, refused);
        this.#inFlight = 0;
        metrics.hitLogWritten.inc(batch.length - refused.size);
        if (this.#failures > 0) this.#log.info({ failures: this.#failures }, "hit logs are being written again");
        this.#failures = 0;
        this.#retryAt = 0;
      } catch (error) {
        this.#inFlight = 0;
        this.#failures++;
        metrics.hitLogFlushFailures.inc();
        // Rows of the batch that went in before the outage go back too: their dedupe keys store them once.
        const dropped = this.#queue.restoreFront(refused.size === 0 ? batch : batch.filter((row) => !refused.has(row)));
        if (dropped > 0) this.#dropped(dropped, "queue full");
        const delay = backoffDelay(this.#failures, this.#options.retryBaseMs ?? 250, this.#options.retryMaxMs ?? 5000);
        this.#retryAt = Date.now() + delay;
        // First failure of an outage and then every tenth: an outage of minutes must not flood the log.
        if (this.#failures === 1 || this.#failures % 10 === 0) {
          this.#log.warn({ err: error, failures: this.#failures, queued: this.#queue.size, retryInMs: delay }, "hit-log insert failed; will retry");
        }
        return;
      }
    }
    if (this.#queue.size === 0) this.#draining = false;
  }

  /**
   * Inserts `rows`. When the database refuses them for what they hold (not an outage), halves them until each refused
   * row stands alone and drops it — counted and logged — so that one bad row cannot hold up every hit behind it.
   * Dropped rows are added to `refused`; an outage rejects, and the caller retries the rest.
   */
  async #insertIsolating(rows: NewHitLog[], refused: Set<NewHitLog>): Promise<void> {
    try {
      await this.#options.insert(rows);
    } catch (error) {
      if (!refusedForData(error)) throw error;
      if (rows.length === 1) {
        const row = rows[0]!;
        refused.add(row);
        this.#options.metrics.hitLogDropped.inc();
        // A schema out of step with this version would refuse every row: one line per interval, not one per row.
        const due = this.#refusedReports.add(1);
        if (due !== undefined) {
          this.#log.error(
            { err: error, sqlState: sqlStateOf(error), operationID: row.operationID, refused: due },
            "hit log refused by the database; dropped",
          );
        }
        return;
      }
      const half = Math.ceil(rows.length / 2);
      await this.#insertIsolating(rows.slice(0, half), refused);
      await this.#insertIsolating(rows.slice(half), refused);
    }
  }

  #dropped(count: number, reason: string): void {
    this.#options.metrics.hitLogDropped.inc(count);
    const due = this.#dropReports.add(count);
    if (due !== undefined) this.#log.warn({ dropped: due, reason, limit: this.#options.queueLimit }, "hit logs dropped");
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
}

/** Waits for `work` or the deadline, whichever comes first (the work itself is not cancelled). */
async function raceDeadline(work: Promise<unknown>, deadline: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, Math.max(0, deadline - Date.now()));
  });
  try {
    await Promise.race([work.catch(() => undefined), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
