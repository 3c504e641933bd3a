// The policy of each scene in a snapshot. Both rows normally exist (the admin service creates them on first start);
// a scene whose row is missing runs on the contract's defaults rather than going unchecked.
import { DEFAULT_NORMALIZE, Policies, SCENES, type NormalizeSettings, type Scene } from "@wordguard/contracts";

export type ScenePolicies = Record<Scene, Policies.Policy>;

export function resolvePolicies(rows: readonly Policies.Policy[]): ScenePolicies {
  const byScene = new Map(rows.map((p) => [p.scene, p]));
  const pick = (scene: Scene): Policies.Policy =>
    byScene.get(scene) ?? { scene, ...Policies.DEFAULT_POLICY, normalize: { ...DEFAULT_NORMALIZE }, updateBy: "", updateTime: 0, version: 0 };
  return Object.fromEntries(SCENES.map((scene) => [scene, pick(scene)])) as ScenePolicies;
}

/** One key per distinct normalisation setting: scenes that share it share one compiled dictionary. */
export function normalizeKey(settings: NormalizeSettings): string {
  return (Object.keys(DEFAULT_NORMALIZE) as (keyof NormalizeSettings)[]).map((flag) => (settings[flag] ? "1" : "0")).join("");
}
