// One temporary directory per test process for the children's logs (and Redis' working directory), so a failure
// can be read afterwards. Kept when E2E_KEEP_LOGS=1 or when the caller says the run failed.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface LogDir {
  path: string;
  file(name: string): string;
  /** Removes the directory unless asked to keep it; returns the path when kept. */
  cleanup(keep: boolean): string | undefined;
}

export function createLogDir(label: string): LogDir {
  const path = mkdtempSync(join(tmpdir(), `wg-e2e-${label}-`));
  return {
    path,
    file: (name) => join(path, name),
    cleanup(keep) {
      if (keep || process.env["E2E_KEEP_LOGS"] === "1") return path;
      rmSync(path, { recursive: true, force: true });
      return undefined;
    },
  };
}
