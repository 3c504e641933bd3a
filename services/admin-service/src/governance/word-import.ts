// `/adminx/sensitive_word/import` (extension): plain-text or CSV word lists, with a dry run. One transaction, one
// version bump and one event for the whole import; one audit row per added entry, as `add` writes.
import { Words, WordTransfer, type MatchType, type Scene } from "@wordguard/contracts";
import { readVersion } from "@wordguard/db";
import { fail } from "../envelope.ts";
import type { Actor } from "../types.ts";
import { writeAudit } from "./audit.ts";
import { commitChange, type CommitDeps } from "./commit.ts";
import { parseCsv } from "./csv.ts";
import { prepareWords, type EntryInput } from "./new-words.ts";
import { existingWordKeys, insertedEntry, insertWords, wordKey } from "./word-insert.ts";

type LineResult = { line: number; entry: EntryInput } | { line: number; word: string; problem: string };

const LEVELS: Record<string, 1 | 2 | 3> = { "1": 1, "2": 2, "3": 3, low: 1, medium: 2, high: 3 };
const BOOLEANS: Record<string, boolean> = { true: true, false: false, "1": true, "0": false, yes: true, no: false };

function parseScenes(cell: string): Scene[] | undefined {
  const parts = cell.toLowerCase().split(/[|;\s]+/).filter(Boolean);
  if (parts.length === 1 && (parts[0] === "both" || parts[0] === "all")) return ["single", "group"];
  if (parts.length === 0 || !parts.every((p) => p === "single" || p === "group")) return undefined;
  return [...new Set(parts as Scene[])];
}

function csvEntry(line: number, cells: string[]): LineResult {
  const [word = "", category, level, matchType, scenes, enabled, remark] = cells.map((c) => c.trim());
  const bad = (problem: string): LineResult => ({ line, word, problem });
  const entry: EntryInput = { word };
  if (category) {
    if ([...category].length > Words.WORD_LIMITS.maxCategoryLength) return bad(`category longer than ${Words.WORD_LIMITS.maxCategoryLength}`);
    entry.category = category;
  }
  if (level) {
    const value = LEVELS[level.toLowerCase()];
    if (value === undefined) return bad(`level "${level}" is not 1, 2, 3, low, medium or high`);
    entry.level = value;
  }
  if (matchType) {
    if (matchType !== "contains" && matchType !== "word") return bad(`matchType "${matchType}" is not contains or word`);
    entry.matchType = matchType as MatchType;
  }
  if (scenes) {
    const value = parseScenes(scenes);
    if (value === undefined) return bad(`scenes "${scenes}" is not single, group or single|group`);
    entry.scenes = value;
  }
  if (enabled) {
    const value = BOOLEANS[enabled.toLowerCase()];
    if (value === undefined) return bad(`enabled "${enabled}" is not true or false`);
    entry.enabled = value;
  }
  if (remark) {
    if ([...remark].length > Words.WORD_LIMITS.maxRemarkLength) return bad(`remark longer than ${Words.WORD_LIMITS.maxRemarkLength}`);
    entry.remark = remark;
  }
  return { line, entry };
}

export function parseImport(format: WordTransfer.TransferFormat, content: string): LineResult[] {
  if (format === "text") {
    return content.split(/\r\n|\n|\r/).flatMap((text, index) => {
      const word = text.trim();
      return word === "" || word.startsWith("#") ? [] : [{ line: index + 1, entry: { word } }];
    });
  }
  const records = parseCsv(content);
  const first = records[0];
  const body = first !== undefined && first.cells[0]?.trim().toLowerCase() === "word" ? records.slice(1) : records;
  return body.map((record) => csvEntry(record.line, record.cells));
}

export async function importWords(
  deps: CommitDeps,
  actor: Actor,
  request: WordTransfer.ImportWordsRequest,
): Promise<WordTransfer.ImportWordsReply> {
  const lines = parseImport(request.format ?? "text", request.content);
  if (lines.length > WordTransfer.IMPORT_MAX_LINES) throw fail("ArgsError", `content: more than ${WordTransfer.IMPORT_MAX_LINES} lines`);
  const defaults = request.defaults ?? {};
  const problems: WordTransfer.ImportProblem[] = [];
  const candidates: Array<{ entry: EntryInput; tag: number }> = [];
  for (const result of lines) {
    if ("problem" in result) problems.push({ line: result.line, word: result.word, problem: result.problem });
    else candidates.push({ entry: { ...defaults, ...result.entry }, tag: result.line });
  }
  const batch = prepareWords(candidates);
  for (const invalid of batch.invalid) problems.push({ line: invalid.tag, word: invalid.word, problem: invalid.reason });
  const invalidCount = problems.length;
  const duplicateLines = batch.repeats.map((r) => ({ line: r.tag, word: r.word, problem: "duplicate" }));

  let landed: Set<string>;
  let version: number;
  if (request.dryRun === true) {
    const existing = await existingWordKeys(deps.prisma, batch.rows);
    landed = new Set(batch.rows.map((r) => wordKey(r.normalized, r.matchType)).filter((k) => !existing.has(k)));
    version = await readVersion(deps.prisma);
  } else {
    const committed = await commitChange(deps, "word", async (tx) => {
      const inserted = await insertWords(tx, batch.rows, actor.operatorID);
      const records = batch.rows.flatMap((row) => {
        const stored = inserted.get(wordKey(row.normalized, row.matchType));
        if (stored === undefined) return [];
        const entry = insertedEntry(row, stored, actor.operatorID);
        return [{ action: "sensitive_word.import", targetType: "word" as const, targetID: entry.id, after: entry }];
      });
      await writeAudit(tx, actor, records);
      return { value: new Set(inserted.keys()), changed: inserted.size > 0 };
    });
    landed = committed.value;
    version = committed.version ?? (await readVersion(deps.prisma));
  }
  for (const row of batch.rows) {
    if (!landed.has(wordKey(row.normalized, row.matchType))) duplicateLines.push({ line: row.tag, word: row.word, problem: "duplicate" });
  }
  const all = [...problems, ...duplicateLines].sort((a, b) => a.line - b.line);
  const limit = request.reportLimit ?? 1000;
  return {
    dryRun: request.dryRun === true,
    lines: lines.length,
    added: landed.size,
    duplicates: duplicateLines.length,
    invalid: invalidCount,
    problems: all.slice(0, limit),
    truncated: all.length > limit,
    version,
  };
}
