// The scheduler's autogroup of this process's session (Linux with kernel.sched_autogroup_enabled=1): every process of
// a session shares one group, and groups share a core by the group's own nice, whatever the nice of their threads.
import { readFileSync, writeFileSync } from "node:fs";

const FILE = "/proc/self/autogroup";

/**
 * Sets this session's autogroup to `nice` until this process exits; returns the nice set, or undefined where there is
 * no autogroup or it may not be raised (not root). `nice` 0 leaves it alone.
 */
export function raiseAutogroup(nice: number): number | undefined {
  if (nice === 0) return undefined;
  let before: string;
  try {
    before = readFileSync(FILE, "utf8").match(/nice (-?\d+)/)?.[1] ?? "";
    if (before === "") return undefined;
    writeFileSync(FILE, String(nice));
  } catch {
    return undefined;
  }
  process.once("exit", () => {
    try {
      writeFileSync(FILE, before);
    } catch {
      // the session's group stays raised; harmless, and the next run resets nothing it did not set
    }
  });
  return nice;
}
