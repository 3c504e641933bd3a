import { readlinkSync } from "node:fs";
import { setPriority } from "node:os";

/**
 * Runs the calling thread at the lowest CPU priority (nice 19). On Linux a thread id is a valid target of
 * setpriority(), and /proc/thread-self names it. A deployment that pins the service to one core then lets the build
 * use only the cycles the event loop leaves idle, instead of time-slicing with it and stretching request latency.
 * Elsewhere (or when not permitted) the build simply runs at normal priority.
 */
export function lowerThreadPriority(): boolean {
  try {
    const tid = Number(readlinkSync("/proc/thread-self").split("/").pop());
    if (!Number.isInteger(tid) || tid <= 0) return false;
    setPriority(tid, 19);
    return true;
  } catch {
    return false;
  }
}
