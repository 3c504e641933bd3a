// The immutable snapshot a request decides with. A reload builds a new one and swaps one reference; a request reads
// the reference once and keeps that snapshot to the end, whatever happens meanwhile.
import type { Dictionary, DictionaryStats } from "@wordguard/matcher";
import { SCENES, type Policies, type Scene } from "@wordguard/contracts";
import type { EntryTable } from "./entry-table.ts";
import { normalizeKey, type ScenePolicies } from "./policies.ts";

/** Everything a decision in one scene needs, precomputed: lookups on the hot path are Set/Map reads. */
export interface ScenePlan {
  policy: Policies.Policy;
  dictionary: Dictionary;
  exemptUsers: ReadonlySet<string>;
  exemptGroups: ReadonlySet<string>;
  contentTypes: ReadonlySet<number>;
}

export type BuildMode = "inline" | "worker";

export interface CompiledSnapshot {
  version: number;
  /** ms since the epoch */
  loadedAt: number;
  mode: BuildMode;
  entries: number;
  whitelist: number;
  scenes: Readonly<Record<Scene, ScenePlan>>;
  table: EntryTable;
  /** matcher stats per distinct dictionary, for the reload log line */
  stats: DictionaryStats[];
}

export interface SnapshotParts {
  version: number;
  policies: ScenePolicies;
  dictionaries: Map<string, Dictionary>;
  table: EntryTable;
  entries: number;
  whitelist: number;
}

export function assembleSnapshot(parts: SnapshotParts, mode: BuildMode): CompiledSnapshot {
  const plan = (scene: Scene): ScenePlan => {
    const policy = parts.policies[scene];
    const dictionary = parts.dictionaries.get(normalizeKey(policy.normalize));
    if (!dictionary) throw new Error(`no dictionary compiled for the ${scene} policy's normalisation`);
    return Object.freeze({
      policy,
      dictionary,
      exemptUsers: new Set(policy.exemptUserIDs),
      exemptGroups: new Set(policy.exemptGroupIDs),
      contentTypes: new Set(policy.contentTypes),
    });
  };
  const scenes = Object.freeze(Object.fromEntries(SCENES.map((s) => [s, plan(s)])) as Record<Scene, ScenePlan>);
  return Object.freeze({
    version: parts.version,
    loadedAt: Date.now(),
    mode,
    entries: parts.entries,
    whitelist: parts.whitelist,
    scenes,
    table: parts.table,
    stats: [...parts.dictionaries.values()].map((d) => d.stats()),
  });
}
