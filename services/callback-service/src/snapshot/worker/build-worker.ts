// Entry of the build worker: load the snapshot over its own short-lived connection, compile it, hand the buffers to
// the main thread and exit. Loading 100k rows through Prisma and compiling them keeps a core busy for a second or
// two; here that happens beside the event loop instead of on it.
import { parentPort, workerData } from "node:worker_threads";
import { createPrisma, loadSnapshot } from "@wordguard/db";
import { compileParts } from "../compile-parts.ts";
import { entryTableTransferables } from "../entry-table.ts";
import { lowerThreadPriority } from "../../thread-priority.ts";
import type { BuildWorkerInput, BuildWorkerOutput } from "./protocol.ts";

async function build(input: BuildWorkerInput): Promise<void> {
  if (input.lowPriority) lowerThreadPriority();
  const prisma = createPrisma({ databaseUrl: input.databaseUrl, poolSize: 1, connectionTimeoutMs: 5000 });
  try {
    const loadStart = performance.now();
    const snapshot = await loadSnapshot(prisma);
    const loadMs = performance.now() - loadStart;
    const parts = compileParts(snapshot);
    const dictionaries = [...parts.dictionaries].map(([key, dictionary]) => ({ key, transferable: dictionary.toTransferable() }));
    const output: BuildWorkerOutput = {
      ok: true,
      version: parts.version,
      policies: parts.policies,
      dictionaries,
      table: parts.table,
      entries: parts.entries,
      whitelist: parts.whitelist,
      loadMs,
      compileMs: parts.compileMs,
    };
    parentPort!.postMessage(output, [...dictionaries.flatMap((d) => d.transferable.buffers), ...entryTableTransferables(parts.table)]);
  } catch (error) {
    const output: BuildWorkerOutput = { ok: false, message: error instanceof Error ? error.message : String(error) };
    parentPort!.postMessage(output);
  } finally {
    await prisma.$disconnect().catch(() => undefined);
  }
}

await build(workerData as BuildWorkerInput);
