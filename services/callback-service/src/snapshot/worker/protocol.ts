// Messages between the snapshot holder and its build worker. The worker loads and compiles; the main thread only
// adopts the result: the dictionaries' and the entry table's buffers are transferred, not copied.
import type { TransferableDictionary } from "@wordguard/matcher";
import type { EncodedEntryTable } from "../entry-table.ts";
import type { ScenePolicies } from "../policies.ts";

export interface BuildWorkerInput {
  databaseUrl: string;
  /**
   * Build at the lowest CPU priority: set for reloads, while a snapshot serves traffic. The first load runs at
   * normal priority: nothing is served yet, and a busy machine must not starve the start.
   */
  lowPriority: boolean;
}

export type BuildWorkerOutput =
  | {
      ok: true;
      version: number;
      policies: ScenePolicies;
      dictionaries: { key: string; transferable: TransferableDictionary }[];
      table: EncodedEntryTable;
      entries: number;
      whitelist: number;
      loadMs: number;
      compileMs: number;
    }
  | { ok: false; message: string };
