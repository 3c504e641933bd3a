// Main-thread side of the long-lived build worker: starts the thread at the first build that needs it, sends one
// request per build and matches the answer by id. A worker that dies or stops answering costs the build under way
// (it rejects, and the holder keeps the snapshot in use); the next build starts a fresh worker.
import { Worker } from "node:worker_threads";
import { workerUrl } from "../../worker-url.ts";
import { adoptBuiltSnapshot, type WorkerBuilt } from "./adopt-built-snapshot.ts";
import type { BuildWorkerAnswer, BuildWorkerData, BuildWorkerReply, BuildWorkerRequest } from "./protocol.ts";

const ENTRY = new URL("./build-worker.ts", import.meta.url);

/** How long an idle worker gets to close its connection at shutdown before it is terminated. */
const CLOSE_GRACE_MS = 1000;

export interface BuildWorkerClientOptions {
  databaseUrl: string;
  /** A build that has not answered after this long is abandoned and its worker terminated (and later replaced). */
  timeoutMs: number;
}

/** What the holder exposes of its build worker: for tests, metrics and operators, not for building. */
export interface BuildWorkerView {
  /** Threads started so far: 1 while the first one lives, one more per replacement. */
  readonly started: number;
  /** Thread id of the worker now running, undefined before the first start and after a death or close. */
  readonly threadId: number | undefined;
  /** Ends the thread the way a crash would: a build under way rejects, the next build starts a fresh worker. */
  terminate(): Promise<void>;
}

interface Pending {
  id: number;
  worker: Worker;
  resolve: (answer: BuildWorkerAnswer) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

export class BuildWorkerClient implements BuildWorkerView {
  readonly #o: BuildWorkerClientOptions;
  #worker: Worker | undefined;
  #started = 0;
  #nextId = 1;
  #pending: Pending | undefined;
  #closed = false;

  constructor(options: BuildWorkerClientOptions) {
    this.#o = options;
  }

  get started(): number {
    return this.#started;
  }

  get threadId(): number | undefined {
    return this.#worker?.threadId;
  }

  /** Loads and compiles the current snapshot in the worker. One build at a time: the holder never overlaps them. */
  async build(lowPriority: boolean): Promise<WorkerBuilt> {
    if (this.#closed) throw new Error("build worker closed");
    if (this.#pending) throw new Error("a build is already running in the build worker");
    const worker = this.#ensure();
    const id = this.#nextId++;
    const answer = await new Promise<BuildWorkerAnswer>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#lost(worker, new Error(`build worker did not answer within ${this.#o.timeoutMs} ms; terminated it`));
        void worker.terminate();
      }, this.#o.timeoutMs);
      // The worker itself is referenced while it builds; the timer only bounds it and must not hold the process.
      timer.unref();
      this.#pending = { id, worker, resolve, reject, timer };
      // Keeps the process alive while a build is on its way (a script may be awaiting it); idle, the worker does not.
      worker.ref();
      worker.postMessage({ type: "build", id, lowPriority } satisfies BuildWorkerRequest);
    });
    if (!answer.ok) throw new Error(`build worker failed: ${answer.message}`);
    return adoptBuiltSnapshot(answer);
  }

  async terminate(): Promise<void> {
    await this.#worker?.terminate();
  }

  /**
   * Shutdown: a build under way is abandoned at once (it rejects); an idle worker is asked to close its connection
   * and terminated if it has not ended within a second. Later builds reject.
   */
  async close(): Promise<void> {
    this.#closed = true;
    const worker = this.#worker;
    if (!worker) return;
    if (this.#pending) {
      this.#lost(worker, new Error("build worker closed during a build"));
      await worker.terminate();
      return;
    }
    this.#worker = undefined;
    const exited = new Promise((resolve) => worker.once("exit", resolve));
    worker.postMessage({ type: "close" } satisfies BuildWorkerRequest);
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      exited,
      new Promise((resolve) => (timer = setTimeout(resolve, CLOSE_GRACE_MS))),
    ]);
    clearTimeout(timer);
    await worker.terminate();
  }

  #ensure(): Worker {
    if (this.#worker) return this.#worker;
    // The parent's loader flags (a test runner's TypeScript hooks, tsx's) are not inherited: workerUrl() brings its own
    // loader, and stacking a second TypeScript compiler in front of it made a build many times slower.
    const worker = new Worker(workerUrl(ENTRY), {
      workerData: { databaseUrl: this.#o.databaseUrl } satisfies BuildWorkerData,
      execArgv: [],
    });
    this.#started++;
    worker.on("message", (reply: BuildWorkerReply) => {
      const pending = this.#pending;
      // An answer from a worker given up on, or for another id, is dropped (and its buffers with it).
      if (!pending || pending.worker !== worker || pending.id !== reply.id) return;
      this.#settle(pending);
      pending.resolve(reply);
    });
    worker.on("error", (error) => this.#lost(worker, new Error(`build worker crashed: ${error.message}`, { cause: error })));
    worker.on("exit", (code) => this.#lost(worker, new Error(`build worker exited with code ${code} before answering`)));
    // Idle, the worker must not keep the process alive: build() references it for the length of a build.
    worker.unref();
    this.#worker = worker;
    return worker;
  }

  /** The worker is gone or given up on: forget it, and fail the build it owed us (if any). */
  #lost(worker: Worker, error: Error): void {
    if (this.#worker === worker) this.#worker = undefined;
    const pending = this.#pending;
    if (pending?.worker !== worker) return;
    this.#settle(pending);
    pending.reject(error);
  }

  #settle(pending: Pending): void {
    clearTimeout(pending.timer);
    this.#pending = undefined;
    pending.worker.unref();
  }
}
