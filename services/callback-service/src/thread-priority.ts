import { readlinkSync } from "node:fs";
import { setPriority } from "node:os";

/**
 * Nice value of the background threads (snapshot builds during reloads, hit-log inserts). On a core shared with the
 * event loop, the scheduler then lets the event loop preempt them as soon as a request arrives, instead of
 * time-slicing with them; they still get about a tenth of a saturated core, so they cannot starve for good.
 */
export const BACKGROUND_NICE = 10;

/**
 * Lowers the calling thread's CPU priority. On Linux a thread id is a valid target of setpriority(), and
 * /proc/thread-self names it. Elsewhere (or when not permitted) the thread keeps the normal priority.
 */
export function lowerThreadPriority(nice = BACKGROUND_NICE): boolean {
  try {
    const tid = Number(readlinkSync("/proc/thread-self").split("/").pop());
    if (!Number.isInteger(tid) || tid <= 0) return false;
    setPriority(tid, nice);
    return true;
  } catch {
    return false;
  }
}
