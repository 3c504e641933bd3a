// One build inside the worker: load the snapshot over the worker's connection, compile it, and list the buffers that
// move to the main thread without a copy. Loading 100k rows and compiling them keeps a core busy for a second or two;
// here that happens beside the event loop instead of on it.
import { loadSnapshot, type PrismaClient } from "@wordguard/db";
import { compileParts } from "../compile-parts.ts";
import { entryTableTransferables } from "../entry-table.ts";
import type { BuiltSnapshotMessage } from "./protocol.ts";

export interface LoadedAndCompiled {
  message: BuiltSnapshotMessage;
  transfer: ArrayBuffer[];
}

export async function loadAndCompile(prisma: PrismaClient): Promise<LoadedAndCompiled> {
  const loadStart = performance.now();
  const snapshot = await loadSnapshot(prisma);
  const loadMs = performance.now() - loadStart;
  const parts = compileParts(snapshot);
  const dictionaries = [...parts.dictionaries].map(([key, dictionary]) => ({ key, transferable: dictionary.toTransferable() }));
  return {
    message: {
      version: parts.version,
      policies: parts.policies,
      dictionaries,
      table: parts.table,
      entries: parts.entries,
      whitelist: parts.whitelist,
      loadMs,
      compileMs: parts.compileMs,
    },
    transfer: [...dictionaries.flatMap((d) => d.transferable.buffers), ...entryTableTransferables(parts.table)],
  };
}
