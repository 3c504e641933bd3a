// Main-thread side of the insert worker: `insert(rows)` posts a batch and resolves with the inserted count, or
// rejects as the insert did (the writer then retries with backoff). A worker that dies is replaced on the next batch.
import { Worker } from "node:worker_threads";
import type { NewHitLog } from "@wordguard/db";
import { workerUrl } from "../../worker-url.ts";
import type { InsertReply, InsertRequest, InsertWorkerInput } from "./protocol.ts";

const ENTRY = new URL("./insert-worker.ts", import.meta.url);

export class WorkerInserter {
  readonly #input: InsertWorkerInput;
  #worker: Worker | undefined;
  #nextId = 1;
  readonly #pending = new Map<number, { resolve: (count: number) => void; reject: (error: Error) => void }>();

  constructor(input: InsertWorkerInput) {
    this.#input = input;
  }

  /** Starts the worker now (it takes a moment to load its client) rather than at the first batch. */
  start(): void {
    this.#ensure();
  }

  insert(rows: NewHitLog[]): Promise<number> {
    return this.#send({ id: this.#nextId++, rows });
  }

  /** Disconnects the worker's client (waiting at most `timeoutMs`) and ends the thread. */
  async close(timeoutMs = 1000): Promise<void> {
    const worker = this.#worker;
    if (!worker) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      this.#send({ id: this.#nextId++, close: true }).catch(() => undefined),
      new Promise((resolve) => (timer = setTimeout(resolve, timeoutMs))),
    ]);
    clearTimeout(timer);
    await worker.terminate();
    this.#worker = undefined;
  }

  #send(request: InsertRequest): Promise<number> {
    const worker = this.#ensure();
    return new Promise((resolve, reject) => {
      this.#pending.set(request.id, { resolve, reject });
      // Keeps the process alive while a batch is on its way (a shutdown flush waits for it); idle, it does not.
      worker.ref();
      worker.postMessage(request);
    });
  }

  #ensure(): Worker {
    if (this.#worker) return this.#worker;
    // The parent's loader flags are not inherited (see workerUrl): tsx registers itself in the worker when needed.
    const worker = new Worker(workerUrl(ENTRY), { workerData: this.#input, execArgv: [] });
    worker.on("message", (reply: InsertReply) => {
      const pending = this.#pending.get(reply.id);
      if (!pending) return;
      this.#pending.delete(reply.id);
      if (this.#pending.size === 0) worker.unref();
      if (reply.ok) pending.resolve(reply.count);
      else pending.reject(Object.assign(new Error(reply.message), reply.code ? { code: reply.code } : {}));
    });
    const fail = (error: Error) => {
      if (this.#worker === worker) this.#worker = undefined;
      for (const [id, pending] of this.#pending) {
        this.#pending.delete(id);
        pending.reject(error);
      }
    };
    worker.on("error", fail);
    worker.on("exit", (code) => fail(new Error(`hit-log insert worker exited with code ${code}`)));
    worker.unref();
    this.#worker = worker;
    return worker;
  }
}
