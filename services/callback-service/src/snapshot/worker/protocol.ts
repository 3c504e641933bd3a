// Messages between the snapshot holder and its long-lived build worker. The worker loads and compiles; the main thread
// only adopts the result: the dictionaries' and the entry table's buffers are transferred, not copied.
import type { TransferableDictionary } from "@wordguard/matcher";
import type { EncodedEntryTable } from "../entry-table.ts";
import type { ScenePolicies } from "../policies.ts";

/** Given once, when the thread starts: the worker opens its own connection and keeps it for every build. */
export interface BuildWorkerData {
  databaseUrl: string;
}

export type BuildWorkerRequest =
  | {
      type: "build";
      /** Echoed in the answer: an answer for another id is never taken for this build's. */
      id: number;
      /**
       * Build at the lowest CPU priority: set for reloads, while a snapshot serves traffic. The first load runs at
       * normal priority: nothing is served yet, and a busy machine must not starve the start. Lowering is one-way,
       * so once a reload has run, the thread stays low.
       */
      lowPriority: boolean;
    }
  /** Disconnect and let the thread end (shutdown of an idle worker). */
  | { type: "close" };

export interface BuiltSnapshotMessage {
  version: number;
  policies: ScenePolicies;
  dictionaries: { key: string; transferable: TransferableDictionary }[];
  table: EncodedEntryTable;
  entries: number;
  whitelist: number;
  loadMs: number;
  compileMs: number;
}

export type BuildWorkerAnswer = ({ ok: true } & BuiltSnapshotMessage) | { ok: false; message: string };

export type BuildWorkerReply = BuildWorkerAnswer & { id: number };
