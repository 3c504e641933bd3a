// From request entries (add, import) to rows to insert: defaults applied, each word checked and keyed, repeats
// inside the batch found. Pure: the database decides the remaining duplicates.
import { SCENES, Words, type MatchType, type Scene } from "@wordguard/contracts";
import { checkWord, REASON_TEXT } from "./entry-word.ts";
import { wordKey, type NewWordRow } from "./word-insert.ts";
import { toScenes } from "./rows.ts";

export interface EntryInput {
  word: string;
  category?: string | undefined;
  level?: number | undefined;
  matchType?: MatchType | undefined;
  scenes?: readonly Scene[] | undefined;
  enabled?: boolean | undefined;
  remark?: string | undefined;
}

export interface PreparedBatch<Tag> {
  /** Valid, first occurrence of each key, in input order. */
  rows: Array<NewWordRow & { tag: Tag }>;
  /** Repeats of an earlier entry of the same batch. */
  repeats: Array<{ word: string; tag: Tag }>;
  invalid: Array<{ word: string; reason: string; tag: Tag }>;
}

export function prepareWords<Tag>(entries: ReadonlyArray<{ entry: EntryInput; tag: Tag }>): PreparedBatch<Tag> {
  const batch: PreparedBatch<Tag> = { rows: [], repeats: [], invalid: [] };
  const seen = new Set<string>();
  for (const { entry, tag } of entries) {
    const checked = checkWord(entry.word);
    if (!checked.ok) {
      batch.invalid.push({ word: entry.word, reason: REASON_TEXT[checked.reason], tag });
      continue;
    }
    const matchType: MatchType = entry.matchType ?? "contains";
    const key = wordKey(checked.normalized, matchType);
    if (seen.has(key)) {
      batch.repeats.push({ word: checked.word, tag });
      continue;
    }
    seen.add(key);
    const category = entry.category?.trim() || Words.DEFAULT_CATEGORY;
    batch.rows.push({
      word: checked.word,
      normalized: checked.normalized,
      matchType,
      category,
      level: entry.level ?? Words.DEFAULT_LEVEL,
      scenes: entry.scenes ? toScenes(entry.scenes) : [...SCENES],
      enabled: entry.enabled ?? true,
      remark: entry.remark ?? "",
      tag,
    });
  }
  return batch;
}
