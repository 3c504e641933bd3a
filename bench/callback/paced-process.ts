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

/** Runs `runPaced` in a child process; `at.run` still runs here, when the child reaches `at.atMs`. */
export function runPacedInChild(options: PacedOptions): Promise<PacedResult> {
  const child = fork(fileURLToPath(import.meta.url), ["--paced-child"], {
    execArgv: ["--import", "tsx", "--single-threaded-gc"],
    serialization: "advanced",
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const { at, ...rest } = options;
  return new Promise((resolve, reject) => {
    let done = false;
    child.on("message", (message: FromChild) => {
      if (message.type === "at") at?.run();
      else {
        done = true;
        child.disconnect();
        resolve(message.result);
      }
    });
    child.once("exit", (code) => {
      if (!done) reject(new Error(`paced client exited with ${code} before its result`));
    });
    child.send({ type: "run", options: { ...rest, clockOrigin: performance.timeOrigin, ...(at ? { atMs: at.atMs } : {}) } } satisfies ToChild);
  });
}

if (isChild) {
  process.once("message", (message: ToChild) => {
    const { atMs, clockOrigin, ...options } = message.options;
    const send = (m: FromChild) => process.send!(m);
    void runPaced({ ...options, ...(atMs !== undefined ? { at: { atMs, run: () => send({ type: "at" }) } } : {}) }).then((result) => {
      const shift = performance.timeOrigin - clockOrigin;
      for (let i = 0; i < result.sendTimes.length; i++) result.sendTimes[i]! += shift;
      send({ type: "done", result: { ...result, startedAt: result.startedAt + shift } });
    });
  });
}
