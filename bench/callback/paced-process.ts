// The paced client in a process of its own. The benchmark's main process holds the whole matcher corpus, a compiled
// 100k dictionary, Prisma and autocannon: its major GCs ran V8's helper threads for 3–4 ms at a time on the
// generator's core (perf sched, 2026-11-24), so replies were read late and both servers' p99 carried it. This child
// holds only the request cycle and the result arrays, and collects garbage on its main thread alone
// (--single-threaded-gc): a small heap's scavenges cost less than being preempted by helpers on a shared core.
// It inherits the parent's core (taskset -a) and priority.
import { fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import { runPaced, type PacedOptions, type PacedResult } from "./paced-client.ts";

/** `clockOrigin`: the parent's performance.timeOrigin, so that the times it gets back are on its own clock. */
type ChildOptions = Omit<PacedOptions, "at"> & { atMs?: number; clockOrigin: number };
type ToChild = { type: "run"; options: ChildOptions };
type FromChild = { type: "at" } | { type: "done"; result: PacedResult };

const isChild = process.argv[2] === "--paced-child";

export interface PacedChild {
  /** One paced run in the child (one at a time); `at.run` still runs here, when the child reaches `at.atMs`. */
  run(options: PacedOptions): Promise<PacedResult>;
  stop(): Promise<void>;
}

/**
 * Starts the child once for the whole benchmark. A child per run started cold for each: its own start-up (the
 * TypeScript loader, then V8 compiling the client's code on its background threads) took the generator's core in the
 * first second of every measured run, and so charged stalls of up to 25 ms to whichever server had the first turn
 * (perf sched, 2026-11-25). Kept, it runs every measured run with its code compiled by the warm-up runs before it.
 */
export function startPacedChild(): PacedChild {
  const child = fork(fileURLToPath(import.meta.url), ["--paced-child"], {
    // As in the main process (quiet-heap.ts): no memory reducer, and a full collection before each run.
    execArgv: ["--import", "tsx", "--single-threaded-gc", "--no-memory-reducer", "--expose-gc"],
    serialization: "advanced",
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  let current: { at: PacedOptions["at"]; resolve: (r: PacedResult) => void } | undefined;
  child.on("message", (message: FromChild) => {
    if (message.type === "at") current?.at?.run();
    else {
      const settle = current?.resolve;
      current = undefined;
      settle?.(message.result);
    }
  });
  return {
    run(options) {
      if (current) return Promise.reject(new Error("the paced child is already running"));
      const { at, ...rest } = options;
      const done = new Promise<PacedResult>((resolve) => (current = { at, resolve }));
      child.send({ type: "run", options: { ...rest, clockOrigin: performance.timeOrigin, ...(at ? { atMs: at.atMs } : {}) } } satisfies ToChild);
      return Promise.race([
        done,
        exited.then((code) => {
          throw new Error(`paced client exited with ${code} before its result`);
        }),
      ]);
    },
    async stop() {
      if (child.exitCode === null) child.disconnect();
      await exited;
    },
  };
}

if (isChild) {
  process.on("message", (message: ToChild) => {
    const { atMs, clockOrigin, ...options } = message.options;
    const send = (m: FromChild) => process.send!(m);
    (globalThis as { gc?: () => void }).gc?.();
    void runPaced({ ...options, ...(atMs !== undefined ? { at: { atMs, run: () => send({ type: "at" }) } } : {}) }).then((result) => {
      const shift = performance.timeOrigin - clockOrigin;
      for (let i = 0; i < result.sendTimes.length; i++) result.sendTimes[i]! += shift;
      send({ type: "done", result: { ...result, startedAt: result.startedAt + shift } });
    });
  });
  // The parent disconnects when it is done with this child.
  process.once("disconnect", () => process.exit(0));
}
