import { execFileSync } from "node:child_process";
import { readlinkSync } from "node:fs";
import { setPriority } from "node:os";

/**
 * Nice value of the background threads (snapshot builds during reloads, hit-log inserts) where SCHED_IDLE cannot be
 * had: they still get about a tenth of a saturated core, so they cannot starve for good.
 */
export const BACKGROUND_NICE = 10;

/** How far a thread was lowered: SCHED_IDLE, a higher nice value, or not at all. */
export type Lowered = "idle" | "nice" | "none";

/**
 * Lowers the calling thread's CPU priority so that the event loop answering callbacks, on the same core, runs the
 * moment a request arrives. On Linux a thread id is a valid target of setpriority() and sched_setscheduler(), and
 * /proc/thread-self names it.
 *
 * Nice alone is not enough on current kernels: the EEVDF scheduler (Linux 6.6+) lets a running thread finish its slice
 * before a woken one of higher priority preempts it, and `perf sched timehist` showed the event loop of a replica
 * waiting 1–7 ms behind its own nice-10 threads. A SCHED_IDLE thread is preempted by any normal thread that wakes, and
 * an unprivileged thread may switch itself to it; Node has no call for it, so util-linux's `chrt` does it once per
 * thread. Elsewhere (no chrt, not Linux) the thread keeps the nice value or its normal priority.
 */
export function lowerThreadPriority(): Lowered {
  let tid: number;
  try {
    tid = Number(readlinkSync("/proc/thread-self").split("/").pop());
  } catch {
    return "none";
  }
  if (!Number.isInteger(tid) || tid <= 0) return "none";
  let lowered: Lowered = "none";
  try {
    setPriority(tid, BACKGROUND_NICE);
    lowered = "nice";
  } catch {
    // not permitted: try the policy anyway
  }
  try {
    execFileSync("chrt", ["--idle", "--pid", "0", String(tid)], { stdio: "ignore", timeout: 5000 });
    lowered = "idle";
  } catch {
    // no chrt or not permitted: the nice value stands
  }
  return lowered;
}
