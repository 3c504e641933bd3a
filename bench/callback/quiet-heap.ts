// Keeps the benchmark's main process from collecting garbage while a paced run is measured. The main process shares
// the generator's core, and between runs it allocates plenty (autocannon, the latency arrays of each run, their
// percentiles); V8's memory reducer then started a full collection once the process fell idle, which is during the
// next paced run: its main and helper threads took 60–130 ms of the generator's core in 4 ms slices in the middle of
// reloads (perf sched, 2026-11-25), so the generator sent late (send lag p99 3–10 ms). Without the memory reducer, and
// with a full collection just before each paced run, nothing is left for it to do until the run is over. The script
// also starts this process with --single-threaded-gc (package.json), as the paced child: on a core of its own a
// collection is cheaper on the main thread alone than in 4 ms slices of helper threads that preempt the generator.
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

let collect: (() => void) | undefined;

/** Turns V8's memory reducer off for this process, and returns a function that collects all garbage now. */
export function quietHeap(): () => void {
  if (!collect) {
    setFlagsFromString("--no-memory-reducer");
    setFlagsFromString("--expose-gc");
    collect = runInNewContext("gc") as () => void;
  }
  return collect;
}
