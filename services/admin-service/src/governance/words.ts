// The dictionary endpoints: add, del, search, update (CONTRACT.md §2.3 and the update extension).
import { Prisma, sqlStateOf } from "@wordguard/db";
import type { Words } from "@wordguard/contracts";
import { fail } from "../envelope.ts";
import type { Actor } from "../types.ts";
import { writeAudit } from "./audit.ts";
import { commitChange, type CommitDeps } from "./commit.ts";
import { checkWord, REASON_TEXT } from "./entry-word.ts";
import { parseId, parseIds } from "./ids.ts";
import { prepareWords } from "./new-words.ts";
import { WORD_COLUMNS, wordFromRow, type WordRow } from "./rows.ts";
import { containsPattern, pagedSearch } from "./search.ts";
import { insertedEntry, insertWords, wordKey } from "./word-insert.ts";

export async function addWords(deps: CommitDeps, actor: Actor, request: Words.AddWordsRequest): Promise<Words.AddWordsReply> {
  const batch = prepareWords(request.words.map((entry, index) => ({ entry, tag: index })));
  const { value: added } = await commitChange(deps, "word", async (tx) => {
    const inserted = await insertWords(tx, batch.rows, actor.operatorID);
    const entries = new Map<number, Words.WordEntry>();
    for (const row of batch.rows) {
      const stored = inserted.get(wordKey(row.normalized, row.matchType));
      if (stored) entries.set(row.tag, insertedEntry(row, stored, actor.operatorID));
    }
    await writeAudit(
      tx,
      actor,
      [...entries.values()].map((entry) => ({ action: "sensitive_word.add", targetType: "word", targetID: entry.id, after: entry })),
    );
    return { value: entries, changed: entries.size > 0 };
  });
  // Repeats inside the batch and keys that already existed are both duplicates; reported in input order.
  const duplicates = [...batch.repeats, ...batch.rows.filter((row) => !added.has(row.tag))].sort((a, b) => a.tag - b.tag);
  return {
    added: batch.rows.flatMap((row) => added.get(row.tag) ?? []),
    duplicates: duplicates.map((d) => d.word),
    invalid: batch.invalid.map(({ word, reason }) => ({ word, reason })),
  };
}

export async function deleteWords(deps: CommitDeps, actor: Actor, request: Words.DeleteByIdsRequest): Promise<Words.DeletedReply> {
  const ids = parseIds(request.ids);
  const { value: deleted } = await commitChange(deps, "word", async (tx) => {
    const rows = await tx.$queryRaw<WordRow[]>(Prisma.sql`
      DELETE FROM "sensitive_word" WHERE "id" = ANY(${ids}::bigint[]) RETURNING ${Prisma.raw(WORD_COLUMNS)}`);
    await writeAudit(
      tx,
      actor,
      rows.map((row) => ({ action: "sensitive_word.del", targetType: "word", targetID: row.id.toString(), before: wordFromRow(row) })),
    );
    return { value: rows.length, changed: rows.length > 0 };
  });
  return { deleted };
}

/** Filters shared by search and export. */
export function wordConditions(filter: Omit<Words.SearchWordsRequest, "pagination">): Prisma.Sql[] {
  const conditions: Prisma.Sql[] = [];
  if (filter.keyword !== undefined && filter.keyword !== "") {
    const pattern = containsPattern(filter.keyword);
    conditions.push(Prisma.sql`("word" ILIKE ${pattern} OR "remark" ILIKE ${pattern})`);
  }
  if (filter.category !== undefined) conditions.push(Prisma.sql`"category" = ${filter.category}`);
  if (filter.level !== undefined) conditions.push(Prisma.sql`"level" = ${filter.level}`);
  // An entry for both scenes applies to either, so `scene` matches any entry whose scenes include it.
  if (filter.scene !== undefined) conditions.push(Prisma.sql`("scenes" IS NULL OR "scenes" @> ARRAY[${filter.scene}]::"Scene"[])`);
  if (filter.matchType !== undefined) conditions.push(Prisma.sql`"match_type" = ${filter.matchType}::"MatchType"`);
  if (filter.enabled !== undefined) conditions.push(Prisma.sql`"enabled" = ${filter.enabled}`);
  return conditions;
}

export async function searchWords(deps: CommitDeps, request: Words.SearchWordsRequest): Promise<Words.SearchWordsReply> {
  const { total, rows } = await pagedSearch<WordRow>(deps.prisma, {
    table: "sensitive_word",
    columns: WORD_COLUMNS,
    conditions: wordConditions(request),
    pagination: request.pagination,
  });
  return { total, words: rows.map(wordFromRow) };
}

const UNIQUE_VIOLATION = "23505";

export async function updateWord(deps: CommitDeps, actor: Actor, request: Words.UpdateWordRequest): Promise<Words.UpdateWordReply> {
  const id = parseId(request.id);
  let normalized: string | undefined;
  let word: string | undefined;
  if (request.word !== undefined) {
    const checked = checkWord(request.word);
    if (!checked.ok) throw fail("ArgsError", `word: ${REASON_TEXT[checked.reason]}`);
    ({ word, normalized } = checked);
  }
  try {
    const { value } = await commitChange(deps, "word", async (tx) => {
      const found = await tx.$queryRaw<(WordRow & { normalized: string })[]>(Prisma.sql`
        SELECT ${Prisma.raw(WORD_COLUMNS)}, "normalized" FROM "sensitive_word" WHERE "id" = ${id} FOR UPDATE`);
      const current = found[0];
      if (current === undefined) throw fail("RecordNotFoundError", `id: ${request.id}`);
      const rows = await tx.$queryRaw<WordRow[]>(Prisma.sql`
        UPDATE "sensitive_word" SET
          "word" = ${word ?? current.word},
          "normalized" = ${normalized ?? current.normalized},
          "match_type" = ${request.matchType ?? current.matchType}::"MatchType",
          "category" = ${request.category?.trim() || current.category},
          "level" = ${request.level ?? current.level},
          "scenes" = ${`{${(request.scenes ?? current.scenes ?? ["single", "group"]).join(",")}}`}::"Scene"[],
          "enabled" = ${request.enabled ?? current.enabled},
          "remark" = ${request.remark ?? current.remark},
          "update_time" = now()
        WHERE "id" = ${id} RETURNING ${Prisma.raw(WORD_COLUMNS)}`);
      const after = wordFromRow(rows[0] as WordRow);
      const before = wordFromRow(current);
      await writeAudit(tx, actor, [{ action: "sensitive_word.update", targetType: "word", targetID: after.id, before, after }]);
      return { value: after, changed: true };
    });
    return { word: value };
  } catch (error) {
    if (sqlStateOf(error) === UNIQUE_VIOLATION) throw fail("DuplicateKeyError", "an entry with the same normalised word and matchType exists");
    throw error;
  }
}
