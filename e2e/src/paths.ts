// Where things are: the repository root, each service's entry point and the sample bodies. Resolved from this file,
// so the suite runs from any working directory (tap, pnpm --filter, the benchmark).
import { fileURLToPath } from "node:url";
import { join } from "node:path";

export const REPO_ROOT = fileURLToPath(new URL("../../", import.meta.url));

export type ServiceName = "callback-service" | "admin-service";

export function serviceDir(name: ServiceName): string {
  return join(REPO_ROOT, "services", name);
}

/** The standalone entry point of a service (`src/server.ts`), started as `node --import tsx <it>`. */
export function serviceEntry(name: ServiceName): string {
  return join(serviceDir(name), "src", "server.ts");
}

/** Copies of the open-im-server v3.8.x request bodies of /work/shared/samples (see fixtures/samples/README.md). */
export const SAMPLES_DIR = fileURLToPath(new URL("../fixtures/samples/", import.meta.url));
