// `/adminx/sensitive_word/export` (extension): the entries matching a search filter as text or CSV, oldest first,
// in the format import reads back.
import { Prisma } from "@wordguard/db";
import type { WordTransfer } from "@wordguard/contracts";
import type { CommitDeps } from "./commit.ts";
import { csvLine } from "./csv.ts";
import { WORD_COLUMNS, wordFromRow, type WordRow } from "./rows.ts";
import { whereClause } from "./search.ts";
import { wordConditions } from "./words.ts";

export const CSV_HEADER = ["word", "category", "level", "matchType", "scenes", "enabled", "remark"] as const;

export async function exportWords(deps: CommitDeps, request: WordTransfer.ExportWordsRequest): Promise<WordTransfer.ExportWordsReply> {
  const { format = "csv", ...filter } = request;
  const rows = await deps.prisma.$queryRaw<WordRow[]>(Prisma.sql`
    SELECT ${Prisma.raw(WORD_COLUMNS)} FROM "sensitive_word" ${whereClause(wordConditions(filter))} ORDER BY "id" ASC`);
  const entries = rows.map(wordFromRow);
  const lines =
    format === "text"
      ? entries.map((e) => e.word)
      : [
          CSV_HEADER.join(","),
          ...entries.map((e) =>
            csvLine([e.word, e.category, String(e.level), e.matchType, e.scenes.join("|"), String(e.enabled), e.remark]),
          ),
        ];
  return { format, count: entries.length, content: lines.length === 0 ? "" : `${lines.join("\n")}\n` };
}
