// Where the next build runs. A worker thread keeps a large build (a second or two of loading and compiling) off the
// event loop; a small one is cheaper inline than a round trip to the worker.
import type { BuildMode, CompiledSnapshot } from "./compiled-snapshot.ts";

export interface BuildModeInputs {
  /** The worker needs it to open its own connection; without it (embedded mode) every build runs inline. */
  databaseUrl: string | undefined;
  /** More enabled entries than this build in the worker. */
  workerThreshold: number;
  /** The snapshot in use, if any. */
  current: CompiledSnapshot | undefined;
  /** Counts the enabled entries in the database (one query). */
  countEnabled: () => Promise<number>;
}

/**
 * Embedded mode never asks the database (PGlite runs on this thread, a count would cost the event loop). A snapshot in
 * use above the threshold means the worker without asking either: a reload rarely shrinks a large dictionary below it,
 * and if one does, that build merely runs in the worker once more. Otherwise (first load, small dictionary) one count
 * decides, so that a bulk import into a small dictionary is not compiled on the event loop.
 */
export async function chooseBuildMode(inputs: BuildModeInputs): Promise<BuildMode> {
  if (inputs.databaseUrl === undefined) return "inline";
  if (inputs.current !== undefined && inputs.current.entries > inputs.workerThreshold) return "worker";
  return (await inputs.countEnabled()) > inputs.workerThreshold ? "worker" : "inline";
}
