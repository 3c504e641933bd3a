// The dictionary snapshot a callback replica compiles: every enabled entry, the whitelist, the scene policies and
// the version they make up, read in ONE repeatable-read transaction so a governance write committing meanwhile is
// either wholly in the snapshot (and counted in its version) or wholly absent.
import type { MatchType, Level, Policies, Scene } from "@wordguard/contracts";
import type { PrismaClient } from "./client.ts";
import { policyFromRow, toLevel } from "./policy-row.ts";

export interface SnapshotEntry {
  id: string;
  word: string;
  /** the word after the admin service's normalisation (the unique key with matchType) */
  normalized: string;
  matchType: MatchType;
  level: Level;
  category: string;
  scenes: Scene[];
  /** always true: disabled entries never match, so they are not loaded */
  enabled: boolean;
}

export interface SnapshotWhitelistEntry {
  id: string;
  word: string;
  normalized: string;
  scenes: Scene[];
}

export interface Snapshot {
  version: number;
  /** enabled entries only, by id */
  entries: SnapshotEntry[];
  /** by id */
  whitelist: SnapshotWhitelistEntry[];
  /** one per existing scene policy, by scene (both exist once ensureDefaults has run) */
  policies: Policies.Policy[];
}

export interface LoadSnapshotOptions {
  /** Upper bound for the whole read, in ms (default 120 s: a million entries take seconds). */
  timeoutMs?: number;
}

/** Row shapes of the JSON built below: arrays, not objects, to keep a large dictionary's text small. */
type EntryTuple = [id: string, word: string, normalized: string, matchType: MatchType, level: number, category: string, scenes: Scene[]];
type WhitelistTuple = [id: string, word: string, normalized: string, scenes: Scene[]];

/**
 * The dictionary tables are read as one JSON text per table, parsed with JSON.parse: Prisma's row mapping costs
 * ~4x the CPU (100k entries: ~800 ms against ~200 ms), and this runs in the callback process.
 */
export async function loadSnapshot(prisma: PrismaClient, options: LoadSnapshotOptions = {}): Promise<Snapshot> {
  return prisma.$transaction(
    async (tx) => {
      // The first query fixes the transaction's snapshot: every read below sees the same committed state.
      const [versionRow] = await tx.$queryRaw<{ version: number }[]>`SELECT "version" FROM "dict_version" WHERE "id" = 1`;
      const [entryRows] = await tx.$queryRaw<{ rows: string }[]>`
        SELECT coalesce(json_agg(json_build_array("id"::text, "word", "normalized", "match_type", "level", "category",
          "scenes") ORDER BY "id"), '[]')::text AS "rows"
        FROM "sensitive_word" WHERE "enabled"`;
      const [whitelistRows] = await tx.$queryRaw<{ rows: string }[]>`
        SELECT coalesce(json_agg(json_build_array("id"::text, "word", "normalized", "scenes") ORDER BY "id"), '[]')::text
          AS "rows"
        FROM "sensitive_word_whitelist"`;
      const policies = await tx.scenePolicy.findMany({ orderBy: { scene: "asc" } });
      const entries = JSON.parse(entryRows?.rows ?? "[]") as EntryTuple[];
      const whitelist = JSON.parse(whitelistRows?.rows ?? "[]") as WhitelistTuple[];
      return {
        version: versionRow?.version ?? 0,
        entries: entries.map(([id, word, normalized, matchType, level, category, scenes]) => ({
          id,
          word,
          normalized,
          matchType,
          level: toLevel(level),
          category,
          // a NULL array (written outside Prisma) applies nowhere
          scenes: scenes ?? [],
          enabled: true,
        })),
        whitelist: whitelist.map(([id, word, normalized, scenes]) => ({ id, word, normalized, scenes: scenes ?? [] })),
        policies: policies.map(policyFromRow),
      };
    },
    { isolationLevel: "RepeatableRead", maxWait: 10_000, timeout: options.timeoutMs ?? 120_000 },
  );
}
