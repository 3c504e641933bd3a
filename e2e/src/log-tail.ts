import { readFileSync } from "node:fs";

/** The last `lines` lines of a log file (for error messages when a child fails to start or dies). */
export function logTail(path: string, lines = 30): string {
  try {
    return readFileSync(path, "utf8").split("\n").slice(-lines - 1).join("\n");
  } catch {
    return "(no log)";
  }
}
