// PGlite has no lock of its own: two processes opening one data directory corrupt it. A pid file refuses the second
// opener with a clear message, and is taken over when the process that wrote it is gone.
import { openSync, readFileSync, rmSync, writeSync, closeSync } from "node:fs";
import path from "node:path";

const LOCK_FILE = "wordguard.pid";

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as { code?: string }).code === "EPERM";
  }
}

/** Takes the directory's lock; returns its release. Throws when another live process holds it. */
export function lockDataDir(dir: string): () => void {
  const file = path.join(dir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, "wx");
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(file, { force: true });
    } catch (error) {
      if ((error as { code?: string }).code !== "EEXIST") throw error;
      const holder = Number(readFileSync(file, "utf8").trim());
      if (Number.isInteger(holder) && holder > 0 && alive(holder)) {
        throw new Error(`embedded database ${dir} is in use by process ${holder} (only one process may open it)`);
      }
      rmSync(file, { force: true }); // stale: its process is gone
    }
  }
  throw new Error(`could not lock embedded database ${dir}`);
}
