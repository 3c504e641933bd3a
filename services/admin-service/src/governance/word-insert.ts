// Batch insert of dictionary entries: one INSERT … SELECT FROM unnest(…) per chunk, ON CONFLICT DO NOTHING on the
// unique (normalized, match_type) key. A concurrent insert of the same key waits for the other transaction and then
// skips, so racing adds leave exactly one row and report the rest as duplicates, never as errors. Rows go in input
// order, so ids (and the newest-first order of a search) follow the request. Two concurrent batches that share keys in
// opposite orders would deadlock, again on every retry when several race (six overlapping imports gave 500s after
// commitChange's three attempts): inserting transactions therefore take one transaction-scoped advisory lock first and
// run one after another. That costs no concurrency worth having: every governance change already queues on the
// version row's lock when it bumps the version before committing.
import { Prisma, type Db, type Tx } from "@wordguard/db";
import type { MatchType, Scene } from "@wordguard/contracts";
import type { Words } from "@wordguard/contracts";

export interface NewWordRow {
  word: string;
  normalized: string;
  matchType: MatchType;
  category: string;
  level: number;
  scenes: readonly Scene[];
  enabled: boolean;
  remark: string;
}

export const wordKey = (normalized: string, matchType: string): string => `${matchType}\u0000${normalized}`;

/** The advisory lock key of entry inserts ("wg" and 1): any bigint no other part of the system uses. */
const WORD_INSERT_LOCK = 0x7767_0001n;

/** Rows per statement: keeps each statement's parameters and the planner's work bounded for 100,000-line imports. */
const CHUNK = 20_000;

/** What the database assigned to an inserted row; the rest of the entry is what was sent. */
export interface InsertedWord {
  id: bigint;
  createTime: Date;
}

/**
 * Inserts what is new; returns the inserted keys (`wordKey`) with their ids. RETURNING only the assigned columns
 * keeps a 100,000-row import from decoding every column back.
 */
export async function insertWords(tx: Tx, rows: readonly NewWordRow[], createBy: string): Promise<Map<string, InsertedWord>> {
  const inserted = new Map<string, InsertedWord>();
  if (rows.length === 0) return inserted;
  // Held until this transaction ends; executeRaw, as pg_advisory_xact_lock returns void, which has no column type.
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(${WORD_INSERT_LOCK})`;
  for (let from = 0; from < rows.length; from += CHUNK) {
    const chunk = rows.slice(from, from + CHUNK);
    const result = await tx.$queryRaw<Array<InsertedWord & { normalized: string; matchType: string }>>(Prisma.sql`
      INSERT INTO "sensitive_word" ("word", "normalized", "match_type", "category", "level", "scenes", "enabled", "remark", "create_by")
      SELECT t.word, t.normalized, t.match_type::"MatchType", t.category, t.level, t.scenes::"Scene"[], t.enabled, t.remark, ${createBy}
      FROM unnest(${chunk.map((r) => r.word)}::text[], ${chunk.map((r) => r.normalized)}::text[],
                  ${chunk.map((r) => r.matchType)}::text[], ${chunk.map((r) => r.category)}::text[],
                  ${chunk.map((r) => r.level)}::int[], ${chunk.map((r) => `{${r.scenes.join(",")}}`)}::text[],
                  ${chunk.map((r) => r.enabled)}::bool[], ${chunk.map((r) => r.remark)}::text[])
        WITH ORDINALITY AS t(word, normalized, match_type, category, level, scenes, enabled, remark, ord)
      ORDER BY t.ord
      ON CONFLICT ("normalized", "match_type") DO NOTHING
      RETURNING "id", "create_time" AS "createTime", "normalized", "match_type"::text AS "matchType"`);
    for (const row of result) inserted.set(wordKey(row.normalized, row.matchType), { id: row.id, createTime: row.createTime });
  }
  return inserted;
}

/** The wire entry of a row insertWords inserted. */
export function insertedEntry(row: NewWordRow, inserted: InsertedWord, createBy: string): Words.WordEntry {
  const time = inserted.createTime.getTime();
  return {
    id: inserted.id.toString(),
    word: row.word,
    category: row.category,
    level: row.level === 1 || row.level === 3 ? row.level : 2,
    matchType: row.matchType,
    scenes: [...row.scenes],
    enabled: row.enabled,
    remark: row.remark,
    createBy,
    createTime: time,
    updateTime: time,
  };
}

/** Keys among `rows` that already exist (for dry runs, which must not write). */
export async function existingWordKeys(tx: Db, rows: readonly NewWordRow[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let from = 0; from < rows.length; from += CHUNK) {
    const chunk = rows.slice(from, from + CHUNK);
    const result = await tx.$queryRaw<{ normalized: string; matchType: string }[]>(Prisma.sql`
      SELECT "normalized", "match_type"::text AS "matchType" FROM "sensitive_word"
      WHERE "normalized" = ANY(${chunk.map((r) => r.normalized)}::text[])`);
    for (const row of result) found.add(wordKey(row.normalized, row.matchType));
  }
  return found;
}
