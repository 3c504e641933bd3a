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

export async function loadSnapshot(prisma: PrismaClient, options: LoadSnapshotOptions = {}): Promise<Snapshot> {
  return prisma.$transaction(
    async (tx) => {
      // The first query fixes the transaction's snapshot; the version is read first only for readability.
      const versionRow = await tx.dictVersion.findUnique({ where: { id: 1 }, select: { version: true } });
      const entries = await tx.sensitiveWord.findMany({
        where: { enabled: true },
        select: { id: true, word: true, normalized: true, matchType: true, level: true, category: true, scenes: true },
        orderBy: { id: "asc" },
      });
      const whitelist = await tx.whitelistEntry.findMany({
        select: { id: true, word: true, normalized: true, scenes: true },
        orderBy: { id: "asc" },
      });
      const policies = await tx.scenePolicy.findMany({ orderBy: { scene: "asc" } });
      return {
        version: versionRow?.version ?? 0,
        entries: entries.map((e) => ({
          id: e.id.toString(),
          word: e.word,
          normalized: e.normalized,
          matchType: e.matchType,
          level: toLevel(e.level),
          category: e.category,
          scenes: e.scenes,
          enabled: true,
        })),
        whitelist: whitelist.map((w) => ({ id: w.id.toString(), word: w.word, normalized: w.normalized, scenes: w.scenes })),
        policies: policies.map(policyFromRow),
      };
    },
    { isolationLevel: "RepeatableRead", maxWait: 10_000, timeout: options.timeoutMs ?? 120_000 },
  );
}
