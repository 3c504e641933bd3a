// The background threads (hit-log inserts, snapshot builds) must yield the core to the event loop the moment a
// request arrives: on Linux they switch themselves to SCHED_IDLE (see src/thread-priority.ts).
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { Worker } from "node:worker_threads";
import t from "tap";
import { lowerThreadPriority } from "../src/thread-priority.ts";

const linux = process.platform === "linux";
const chrt = linux && (() => {
  try {
    execFileSync("chrt", ["--version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
})();

/** The scheduling policy of a thread of this process as /proc reports it (5 = SCHED_IDLE, 0 = SCHED_OTHER). */
function policyOf(tid: number): number {
  const line = readFileSync(`/proc/${process.pid}/task/${tid}/sched`, "utf8").split("\n").find((l) => l.startsWith("policy"));
  return Number(line?.split(":")[1]);
}

t.test("a lowered thread runs as SCHED_IDLE; the other threads of the process keep their policy", { skip: !chrt && "needs Linux and chrt" }, async (t) => {
  const worker = new Worker(
    `const { parentPort } = require("node:worker_threads");
     const { readlinkSync } = require("node:fs");
     parentPort.postMessage(Number(readlinkSync("/proc/thread-self").split("/").pop()));
     setInterval(() => {}, 1000);`,
    { eval: true },
  );
  const otherTid = await new Promise<number>((resolve) => worker.once("message", resolve));
  t.equal(policyOf(otherTid), 0, "a fresh worker thread starts as SCHED_OTHER");

  const ownTid = Number(readFileSync("/proc/thread-self/stat", "utf8").split(" ")[0]);
  t.equal(policyOf(ownTid), 0, "before: SCHED_OTHER");
  // tap runs this file in a process of its own: lowering its main thread touches nothing else.
  t.equal(lowerThreadPriority(), "idle");
  t.equal(policyOf(ownTid), 5, "after: SCHED_IDLE");
  t.equal(policyOf(otherTid), 0, "only the calling thread was lowered");
  await worker.terminate();
});
