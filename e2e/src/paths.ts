// Where things are: the repository root, each service's directory and start arguments, and the sample bodies.
// Resolved from this file, so the suite runs from any working directory (tap, pnpm --filter, the benchmark).
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { join } from "node:path";

export const REPO_ROOT = fileURLToPath(new URL("../../", import.meta.url));

export type ServiceName = "callback-service" | "admin-service";

export function serviceDir(name: ServiceName): string {
  return join(REPO_ROOT, "services", name);
}

/**
 * The Node arguments of a service's own `start` script (`node <flags> --import tsx src/server.ts`, or `tsx
 * src/server.ts`), to run with the service's directory as the working directory: a harness that starts the service
 * itself (to pin it to a core, or to watch its pid) runs it with the same runtime flags as operators do.
 */
export function serviceNodeArgs(name: ServiceName): string[] {
  const manifest = JSON.parse(readFileSync(join(serviceDir(name), "package.json"), "utf8")) as { scripts?: Record<string, string> };
  const [runner, ...args] = (manifest.scripts?.["start"] ?? "").trim().split(/\s+/);
  if (runner === "node") return args;
  if (runner === "tsx") return ["--import", "tsx", ...args];
  throw new Error(`${name}: its start script must run node or tsx, not ${JSON.stringify(runner)}`);
}

/** Copies of the open-im-server v3.8.x request bodies of /work/shared/samples (see fixtures/samples/README.md). */
export const SAMPLES_DIR = fileURLToPath(new URL("../fixtures/samples/", import.meta.url));
