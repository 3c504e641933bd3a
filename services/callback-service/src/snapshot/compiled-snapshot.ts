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

/** Where a snapshot was built; "policy": a policy change applied to the dictionaries of the snapshot before it. */
export type BuildMode = "inline" | "worker" | "policy";

export interface CompiledSnapshot {
  version: number;
  /** ms since the epoch */
  loadedAt: number;
  mode: BuildMode;
  entries: number;
  whitelist: number;
  scenes: Readonly<Record<Scene, ScenePlan>>;
  table: EntryTable;
  /** by normalizeKey(): kept so that a policy change can reuse them */
  dictionaries: ReadonlyMap<string, Dictionary>;
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
    dictionaries: parts.dictionaries,
    stats: [...parts.dictionaries.values()].map((d) => d.stats()),
  });
}

/**
 * The snapshot of `version` when the only change since `current` is one to the scene policies: the same dictionaries
 * and entry table under the new policies. Undefined when a policy now asks for a normalisation no dictionary of
 * `current` was compiled with: that takes a full build.
 */
export function withPolicies(current: CompiledSnapshot, version: number, policies: ScenePolicies): CompiledSnapshot | undefined {
  const dictionaries = new Map<string, Dictionary>();
  for (const scene of SCENES) {
    const key = normalizeKey(policies[scene].normalize);
    const dictionary = current.dictionaries.get(key);
    if (!dictionary) return undefined;
    dictionaries.set(key, dictionary);
  }
  return assembleSnapshot(
    {
      version,
      policies,
      dictionaries,
      table: current.table,
      entries: current.entries,
      whitelist: current.whitelist,
    },
    "policy",
  );
}
