// Mapping between a sensitive_word_policy row and the contract's Policy.
import { DEFAULT_NORMALIZE, type Level, type NormalizeSettings, type Policies } from "@wordguard/contracts";
import type { ScenePolicy } from "./generated/prisma/client.ts";

type Policy = Policies.Policy;

/** A level read back from a smallint column; the admin API only writes 1..3, anything else is clamped. */
export function toLevel(value: number): Level {
  return value <= 1 ? 1 : value >= 3 ? 3 : 2;
}

/**
 * The stored normalisation switches. Stored as JSON so switches can be added without a migration: a switch that is
 * missing or not a boolean takes the contract's default.
 */
export function toNormalizeSettings(value: unknown): NormalizeSettings {
  const stored = typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  const settings: NormalizeSettings = { ...DEFAULT_NORMALIZE };
  for (const key of Object.keys(settings) as (keyof NormalizeSettings)[]) {
    const flag = stored[key];
    if (typeof flag === "boolean") settings[key] = flag;
  }
  return settings;
}

export function policyFromRow(row: ScenePolicy): Policy {
  return {
    scene: row.scene,
    enabled: row.enabled,
    action: row.action,
    minLevel: toLevel(row.minLevel),
    contentTypes: row.contentTypes,
    normalize: toNormalizeSettings(row.normalize),
    rejectMessage: row.rejectMessage,
    revealWords: row.revealWords,
    logHits: row.logHits,
    maskChar: row.maskChar,
    exemptUserIDs: row.exemptUserIDs,
    exemptGroupIDs: row.exemptGroupIDs,
    updateBy: row.updateBy,
    updateTime: row.updateTime.getTime(),
    version: row.version,
  };
}
