// The dictionary snapshot a callback replica compiles: every enabled entry, the whitelist, the scene policies and
// the version they make up, read in ONE repeatable-read transaction so a governance write committing meanwhile is
// either wholly in the snapshot (and counted in its version) or wholly absent.
import type { MatchType, Level, Policies, Scene } from "@wordguard/contracts";
import type { PrismaClient, Tx } from "./client.ts";
import { policyFromRow, toLevel } from "./policy-row.ts";
import { readVersion } from "./version.ts";

export interface SnapshotEntry {
  id: string;
  word: string;
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

/** Separators of the text built below: they cannot occur inside a field (free text travels JSON-encoded). */
const ROW = "\u001e";
const FIELD = "\u001f";

/**
 * The dictionary tables are read as one text per table: rows separated by U+001E, fields by U+001F; ids, levels,
 * enum labels and scene lists cannot contain either, and the free-text fields (word, category) travel JSON-encoded,
 * which escapes every control character. Prisma's row mapping costs ~4x the CPU of parsing one text (100k entries:
 * ~800 ms against ~150 ms), and json_agg(json_build_array(…)) costs PostgreSQL twice the time of this (~340 ms against
 * ~170 ms for 100k entries) — on a small machine the database shares its cores with the replicas it answers.
 */
export async function loadSnapshot(prisma: PrismaClient, options: LoadSnapshotOptions = {}): Promise<Snapshot> {
  return prisma.$transaction(
    async (tx) => {
      // The first query (the version) fixes the transaction's snapshot: every read below sees the same committed state.
      const { version, policies } = await readVersionAndPolicies(tx);
      // A NULL scene array (written outside Prisma) becomes an empty list: the entry applies nowhere.
      const [entryRows] = await tx.$queryRaw<{ rows: string | null }[]>`
        SELECT string_agg("id"::text || chr(31) || "level"::text || chr(31) || "match_type"::text || chr(31) ||
          coalesce(array_to_string("scenes", ','), '') || chr(31) || to_json("category")::text || chr(31) ||
          to_json("word")::text, chr(30) ORDER BY "id") AS "rows"
        FROM "sensitive_word" WHERE "enabled"`;
      const [whitelistRows] = await tx.$queryRaw<{ rows: string | null }[]>`
        SELECT string_agg("id"::text || chr(31) || coalesce(array_to_string("scenes", ','), '') || chr(31) ||
          to_json("word")::text, chr(30) ORDER BY "id") AS "rows"
        FROM "sensitive_word_whitelist"`;
      return {
        version,
        entries: rowsOf(entryRows?.rows).map((f) => ({
          id: f[0] as string,
          level: toLevel(Number(f[1])),
          matchType: f[2] as MatchType,
          scenes: scenesOf(f[3]),
          category: JSON.parse(f[4] as string) as string,
          word: JSON.parse(f[5] as string) as string,
          enabled: true,
        })),
        whitelist: rowsOf(whitelistRows?.rows).map((f) => ({
          id: f[0] as string,
          scenes: scenesOf(f[1]),
          word: JSON.parse(f[2] as string) as string,
        })),
        policies,
      };
    },
    { isolationLevel: "RepeatableRead", maxWait: 10_000, timeout: options.timeoutMs ?? 120_000 },
  );
}

/** The version and the scene policies, read together (one repeatable-read transaction): a policy change's new state. */
export async function loadPolicies(prisma: PrismaClient): Promise<Pick<Snapshot, "version" | "policies">> {
  return prisma.$transaction(readVersionAndPolicies, { isolationLevel: "RepeatableRead", maxWait: 10_000, timeout: 10_000 });
}

/** The version first (in a repeatable-read transaction it fixes the snapshot), then the scene policies. */
async function readVersionAndPolicies(tx: Tx): Promise<Pick<Snapshot, "version" | "policies">> {
  const version = await readVersion(tx);
  const rows = await tx.scenePolicy.findMany({ orderBy: { scene: "asc" } });
  return { version, policies: rows.map(policyFromRow) };
}

function rowsOf(text: string | null | undefined): string[][] {
  if (!text) return [];
  return text.split(ROW).map((row) => row.split(FIELD));
}

function scenesOf(list: string | undefined): Scene[] {
  return list ? (list.split(",") as Scene[]) : [];
}
