// Every child process the harness starts is registered here, so a test process that dies (a failed assertion that
// throws, a timeout, Ctrl-C) never leaves a service or a Redis running on the machine: on exit each remaining
// child gets SIGKILL by its own pid.
import type { ChildProcess } from "node:child_process";

const children = new Set<ChildProcess>();
let installed = false;

function killAll(): void {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null && child.pid !== undefined) {
      try {
        process.kill(child.pid, "SIGKILL");
      } catch {
        // already gone
      }
    }
  }
  children.clear();
}

export function registerChild(child: ChildProcess): void {
  if (!installed) {
    installed = true;
    process.on("exit", killAll);
    for (const signal of ["SIGINT", "SIGTERM"] as const) {
      process.once(signal, () => {
        killAll();
        process.exit(130);
      });
    }
  }
  children.add(child);
  child.once("exit", () => children.delete(child));
}
