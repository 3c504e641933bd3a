// The event loop's scheduler slice (src/scheduler-slice.ts): set on the calling thread through the real syscall and
// read back from the kernel's own account of the thread, never on values the kernel would refuse.
import t from "tap";
import { Worker } from "node:worker_threads";
import { setThreadSlice, SLICE_MAX_US, SLICE_MIN_US } from "../src/scheduler-slice.ts";
import { kernelHasCustomSlices, sliceOf } from "./helpers/scheduler.ts";

t.test("the calling thread gets the slice it asks for, and threads it starts inherit it", { skip: kernelHasCustomSlices() ? false : "custom slices need Linux 6.12" }, async (t) => {
  const before = sliceOf("/proc/thread-self/sched");
  t.not(before, 250_000, "not already the slice asked for");
  t.same(await setThreadSlice(250), { applied: true, sliceUs: 250 });
  t.equal(sliceOf("/proc/thread-self/sched"), 250_000, "the kernel's account of this thread");
  // A worker started now: its thread reports its own slice.
  const worker = new Worker(
    `const { readFileSync } = require("node:fs"); const { parentPort } = require("node:worker_threads");
     parentPort.postMessage(/^se\\.slice\\s*:\\s*(\\d+)/m.exec(readFileSync("/proc/thread-self/sched", "utf8"))[1]);`,
    { eval: true },
  );
  const inherited = await new Promise<string>((resolve, reject) => worker.once("message", resolve).once("error", reject));
  await worker.terminate();
  t.equal(Number(inherited), 250_000, "a thread started afterwards inherits it");
  t.same(await setThreadSlice(SLICE_MAX_US), { applied: true, sliceUs: SLICE_MAX_US }, "the longest the kernel allows");
  t.equal(sliceOf("/proc/thread-self/sched"), SLICE_MAX_US * 1000);
});

t.test("a slice outside the kernel's bounds is refused before any syscall, and the thread keeps its own", async (t) => {
  const before = sliceOf("/proc/thread-self/sched");
  for (const us of [0, SLICE_MIN_US - 1, SLICE_MAX_US + 1, 150.5, Number.NaN]) {
    const result = await setThreadSlice(us);
    t.equal(result.applied, false, `${us} refused`);
    if (!result.applied) t.match(result.reason, /slice must be 100–100000 µs/);
  }
  t.equal(sliceOf("/proc/thread-self/sched"), before, "unchanged");
});
