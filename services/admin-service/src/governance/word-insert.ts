// Batch insert of dictionary entries: one INSERT … SELECT FROM unnest(…) per chunk, ON CONFLICT DO NOTHING on the
// unique (normalized, match_type) key. A concurrent insert of the same key waits for the other transaction and then
// skips, so racing adds leave exactly one row and report the rest as duplicates, never as errors. Rows go in input
// order, so ids (and the newest-first order of a search) follow the request; two concurrent batches that share
// keys in opposite orders can deadlock, which PostgreSQL detects and commitChange retries.
import { Prisma, type Db, type Tx } from "@wordguard/db";
import type { MatchType, Scene } from "@wordguard/contracts";
import { WORD_COLUMNS, type WordRow } from "./rows.ts";

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

/** Rows per statement: keeps each statement's parameters and the planner's work bounded for 100,000-line imports. */
const CHUNK = 20_000;

/** Inserts what is new; returns the inserted rows keyed by `wordKey`. */
export async function insertWords(tx: Tx, rows: readonly NewWordRow[], createBy: string): Promise<Map<string, WordRow>> {
  const inserted = new Map<string, WordRow & { normalized: string }>();
  for (let from = 0; from < rows.length; from += CHUNK) {
    const chunk = rows.slice(from, from + CHUNK);
    const result = await tx.$queryRaw<(WordRow & { normalized: string })[]>(Prisma.sql`
      INSERT INTO "sensitive_word" ("word", "normalized", "match_type", "category", "level", "scenes", "enabled", "remark", "create_by")
      SELECT t.word, t.normalized, t.match_type::"MatchType", t.category, t.level, t.scenes::"Scene"[], t.enabled, t.remark, ${createBy}
      FROM unnest(${chunk.map((r) => r.word)}::text[], ${chunk.map((r) => r.normalized)}::text[],
                  ${chunk.map((r) => r.matchType)}::text[], ${chunk.map((r) => r.category)}::text[],
                  ${chunk.map((r) => r.level)}::int[], ${chunk.map((r) => `{${r.scenes.join(",")}}`)}::text[],
                  ${chunk.map((r) => r.enabled)}::bool[], ${chunk.map((r) => r.remark)}::text[])
        WITH ORDINALITY AS t(word, normalized, match_type, category, level, scenes, enabled, remark, ord)
      ORDER BY t.ord
      ON CONFLICT ("normalized", "match_type") DO NOTHING
      RETURNING ${Prisma.raw(WORD_COLUMNS)}, "normalized"`);
    for (const row of result) inserted.set(wordKey(row.normalized, row.matchType), row);
  }
  return inserted;
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
