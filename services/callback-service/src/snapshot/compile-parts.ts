// Turns a loaded snapshot into what the hot path needs: one compiled dictionary per distinct normalisation setting
// of the scene policies, the resolved policies and the entry table. Pure and synchronous, so the same code runs inline
// on the main thread (small dictionaries) and inside the build worker (large ones).
import { compile, type Dictionary } from "@wordguard/matcher";
import type { Snapshot } from "@wordguard/db";
import { SCENES } from "@wordguard/contracts";
import { encodeEntryTable, type EncodedEntryTable } from "./entry-table.ts";
import { normalizeKey, resolvePolicies, type ScenePolicies } from "./policies.ts";

export interface CompiledParts {
  version: number;
  policies: ScenePolicies;
  /** by normalizeKey() */
  dictionaries: Map<string, Dictionary>;
  table: EncodedEntryTable;
  entries: number;
  whitelist: number;
  compileMs: number;
}

export function compileParts(snapshot: Snapshot): CompiledParts {
  const started = performance.now();
  const policies = resolvePolicies(snapshot.policies);
  const dictionaries = new Map<string, Dictionary>();
  for (const scene of SCENES) {
    const { normalize } = policies[scene];
    const key = normalizeKey(normalize);
    if (!dictionaries.has(key)) dictionaries.set(key, compile({ entries: snapshot.entries, whitelist: snapshot.whitelist, normalize }));
  }
  return {
    version: snapshot.version,
    policies,
    dictionaries,
    table: encodeEntryTable(snapshot.entries),
    entries: snapshot.entries.length,
    whitelist: snapshot.whitelist.length,
    compileMs: performance.now() - started,
  };
}
