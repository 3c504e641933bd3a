// The service's stores (a local PostgreSQL and Redis) kept on the servers' core for the run. Left to float, the
// PostgreSQL backend answering a reload's snapshot query (and inserting hit logs) ran on whichever core was free,
// often the generator's: the generator spins at the paced rate, so the backend took that core in slices of a few ms,
// and its sends left late (send lag p99 2–9 ms during reloads on 2026-11-25), which the latency from the scheduled
// send charged to the service. On the servers' core the database's work is the service's own cost, as it should be:
// the event loop (nice −10, a 100 µs slice) preempts it at each wakeup; the ceiling has no database to pay for.
// Backends started later are forked by the postmaster and inherit its affinity.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { pinProcess } from "./processes.ts";

const STORES = ["postgres", "redis-server"] as const;

function pidsOf(name: string): number[] {
  try {
    return execFileSync("pgrep", ["-x", name], { encoding: "utf8" }).split("\n").filter(Boolean).map(Number);
  } catch {
    return []; // pgrep exits 1 when nothing matches
  }
}

function cpusAllowed(pid: number): string | undefined {
  try {
    return /^Cpus_allowed_list:\s*(\S+)/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
  } catch {
    return undefined; // gone meanwhile
  }
}

/**
 * Pins the local store processes to `core` until this process exits (their former CPU lists are restored then, also
 * for backends started meanwhile). Returns the names of the stores pinned; empty where there are none on this host or
 * they may not be moved (not root).
 */
export function pinStores(core: number): string[] {
  const pinned: string[] = [];
  const restore: { name: string; cpus: string }[] = [];
  for (const name of STORES) {
    const pids = pidsOf(name);
    const before = pids.map(cpusAllowed).find((c) => c !== undefined);
    if (before === undefined) continue;
    if (pids.map((pid) => pinProcess(pid, String(core))).some(Boolean)) {
      pinned.push(name);
      restore.push({ name, cpus: before });
    }
  }
  process.once("exit", () => {
    for (const { name, cpus } of restore) for (const pid of pidsOf(name)) pinProcess(pid, cpus);
  });
  return pinned;
}
