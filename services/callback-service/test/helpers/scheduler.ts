// What the kernel says of a thread's scheduling, for the tests of the event loop's slice (src/scheduler-slice.ts).
import { readFileSync } from "node:fs";
import { release } from "node:os";

/** Custom slices for fair threads arrived in Linux 6.12. */
export function kernelHasCustomSlices(): boolean {
  if (process.platform !== "linux") return false;
  const [major = 0, minor = 0] = release().split(".").map(Number);
  return major > 6 || (major === 6 && minor >= 12);
}

/** The `se.slice` line of a /proc …/sched file, in ns. */
export function sliceOf(schedFile: string): number | undefined {
  const match = /^se\.slice\s*:\s*(\d+)/m.exec(readFileSync(schedFile, "utf8"));
  return match ? Number(match[1]) : undefined;
}
