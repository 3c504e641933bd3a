// The whitelist endpoints (CONTRACT.md §2.3): allowed phrases, one per normalised form (any match type).
import { Prisma, type Tx } from "@wordguard/db";
import { SCENES, type Scene, type Whitelist } from "@wordguard/contracts";
import type { Actor } from "../types.ts";
import { writeAudit } from "./audit.ts";
import { commitChange, type CommitDeps } from "./commit.ts";
import { checkWord, REASON_TEXT } from "./entry-word.ts";
import { parseIds } from "./ids.ts";
import { toScenes, WHITELIST_COLUMNS, whitelistFromRow, type WhitelistRow } from "./rows.ts";
import { containsPattern, pagedSearch } from "./search.ts";

interface NewWhitelistRow {
  word: string;
  normalized: string;
  scenes: readonly Scene[];
  remark: string;
  index: number;
}

async function insertWhitelist(tx: Tx, rows: readonly NewWhitelistRow[], createBy: string): Promise<Map<string, WhitelistRow>> {
  if (rows.length === 0) return new Map();
  const result = await tx.$queryRaw<(WhitelistRow & { normalized: string })[]>(Prisma.sql`
    INSERT INTO "sensitive_word_whitelist" ("word", "normalized", "scenes", "remark", "create_by")
    SELECT t.word, t.normalized, t.scenes::"Scene"[], t.remark, ${createBy}
    FROM unnest(${rows.map((r) => r.word)}::text[], ${rows.map((r) => r.normalized)}::text[],
                ${rows.map((r) => `{${r.scenes.join(",")}}`)}::text[], ${rows.map((r) => r.remark)}::text[])
      WITH ORDINALITY AS t(word, normalized, scenes, remark, ord)
    ORDER BY t.ord
    ON CONFLICT ("normalized") DO NOTHING
    RETURNING ${Prisma.raw(WHITELIST_COLUMNS)}, "normalized"`);
  return new Map(result.map((row) => [row.normalized, row]));
}

export async function addWhitelist(
  deps: CommitDeps,
  actor: Actor,
  request: Whitelist.AddWhitelistRequest,
): Promise<Whitelist.AddWhitelistReply> {
  const rows: NewWhitelistRow[] = [];
  const duplicates: Array<{ word: string; index: number }> = [];
  const invalid: Whitelist.AddWhitelistReply["invalid"] = [];
  const seen = new Set<string>();
  request.words.forEach((entry, index) => {
    const checked = checkWord(entry.word);
    if (!checked.ok) return void invalid.push({ word: entry.word, reason: REASON_TEXT[checked.reason] });
    if (seen.has(checked.normalized)) return void duplicates.push({ word: checked.word, index });
    seen.add(checked.normalized);
    rows.push({
      word: checked.word,
      normalized: checked.normalized,
      scenes: entry.scenes ? toScenes(entry.scenes) : [...SCENES],
      remark: entry.remark ?? "",
      index,
    });
  });
  const { value: inserted } = await commitChange(deps, "whitelist", async (tx) => {
    const stored = await insertWhitelist(tx, rows, actor.operatorID);
    await writeAudit(
      tx,
      actor,
      [...stored.values()].map((row) => ({
        action: "whitelist.add",
        targetType: "whitelist" as const,
        targetID: row.id.toString(),
        after: whitelistFromRow(row),
      })),
    );
    return { value: stored, changed: stored.size > 0 };
  });
  const added: Whitelist.WhitelistEntry[] = [];
  for (const row of rows) {
    const stored = inserted.get(row.normalized);
    if (stored) added.push(whitelistFromRow(stored));
    else duplicates.push({ word: row.word, index: row.index });
  }
  return { added, duplicates: duplicates.sort((a, b) => a.index - b.index).map((d) => d.word), invalid };
}

export async function deleteWhitelist(
  deps: CommitDeps,
  actor: Actor,
  request: { ids: string[] },
): Promise<{ deleted: number }> {
  const ids = parseIds(request.ids);
  const { value: deleted } = await commitChange(deps, "whitelist", async (tx) => {
    const rows = await tx.$queryRaw<WhitelistRow[]>(Prisma.sql`
      DELETE FROM "sensitive_word_whitelist" WHERE "id" = ANY(${ids}::bigint[]) RETURNING ${Prisma.raw(WHITELIST_COLUMNS)}`);
    await writeAudit(
      tx,
      actor,
      rows.map((row) => ({ action: "whitelist.del", targetType: "whitelist", targetID: row.id.toString(), before: whitelistFromRow(row) })),
    );
    return { value: rows.length, changed: rows.length > 0 };
  });
  return { deleted };
}

export async function searchWhitelist(deps: CommitDeps, request: Whitelist.SearchWhitelistRequest): Promise<Whitelist.SearchWhitelistReply> {
  const conditions: Prisma.Sql[] = [];
  if (request.keyword !== undefined && request.keyword !== "") {
    const pattern = containsPattern(request.keyword);
    conditions.push(Prisma.sql`("word" ILIKE ${pattern} OR "remark" ILIKE ${pattern})`);
  }
  if (request.scene !== undefined) conditions.push(Prisma.sql`("scenes" IS NULL OR "scenes" @> ARRAY[${request.scene}]::"Scene"[])`);
  const { total, rows } = await pagedSearch<WhitelistRow>(deps.prisma, {
    table: "sensitive_word_whitelist",
    columns: WHITELIST_COLUMNS,
    conditions,
    pagination: request.pagination,
  });
  return { total, whitelist: rows.map(whitelistFromRow) };
}
