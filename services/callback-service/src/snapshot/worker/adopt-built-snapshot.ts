// Main-thread side of a worker build's result: wrap the transferred buffers as dictionaries and an entry table (no
// copy, no per-entry work on the event loop) and assemble the immutable snapshot around them.
import { fromTransferable, type Dictionary } from "@wordguard/matcher";
import { assembleSnapshot, type CompiledSnapshot } from "../compiled-snapshot.ts";
import { EntryTable } from "../entry-table.ts";
import type { BuiltSnapshotMessage } from "./protocol.ts";

export interface WorkerBuilt {
  snapshot: CompiledSnapshot;
  loadMs: number;
  compileMs: number;
}

export function adoptBuiltSnapshot(built: BuiltSnapshotMessage): WorkerBuilt {
  const dictionaries = new Map<string, Dictionary>(built.dictionaries.map((d) => [d.key, fromTransferable(d.transferable)]));
  const snapshot = assembleSnapshot(
    {
      version: built.version,
      policies: built.policies,
      dictionaries,
      table: new EntryTable(built.table),
      entries: built.entries,
      whitelist: built.whitelist,
    },
    "worker",
  );
  return { snapshot, loadMs: built.loadMs, compileMs: built.compileMs };
}
