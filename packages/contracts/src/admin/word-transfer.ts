import { Type, type Static } from "typebox";
import { LevelSchema, MatchTypeSchema, SceneSchema, ScenesSchema } from "../common.ts";
import { CategorySchema, RemarkSchema, WORD_LIMITS } from "./words.ts";

/**
 * `/adminx/sensitive_word/import` and `/export` (extensions). Formats:
 * - `text`: one word per line; blank lines and lines starting with `#` are skipped.
 * - `csv`: RFC 4180 lines `word,category,level,matchType,scenes,enabled,remark` (only `word` is required; a first
 *   line starting with the cell `word` is a header); `scenes` is `single`, `group` or `single|group`, `level` is
 *   1..3 or low/medium/high, `enabled` is true/false/1/0. Export writes this header and these columns, so an
 *   export imports back unchanged.
 */
export const TransferFormatSchema = Type.Union([Type.Literal("text"), Type.Literal("csv")]);
export type TransferFormat = Static<typeof TransferFormatSchema>;

/** Most lines one import takes; the body limit (8 MiB) usually binds first. */
export const IMPORT_MAX_LINES = 1_000_000;

/** Applied to every line that does not set the field itself. */
export const ImportDefaultsSchema = Type.Object({
  category: Type.Optional(CategorySchema),
  level: Type.Optional(LevelSchema),
  matchType: Type.Optional(MatchTypeSchema),
  scenes: Type.Optional(ScenesSchema),
  enabled: Type.Optional(Type.Boolean()),
  remark: Type.Optional(RemarkSchema),
});
export type ImportDefaults = Static<typeof ImportDefaultsSchema>;

export const ImportWordsRequestSchema = Type.Object({
  format: Type.Optional(TransferFormatSchema),
  content: Type.String({ maxLength: WORD_LIMITS.maxBodyBytes }),
  /** true: validate and report against the current dictionary, write nothing. */
  dryRun: Type.Optional(Type.Boolean()),
  defaults: Type.Optional(ImportDefaultsSchema),
  /** At most this many problem lines are listed (the counts are always complete). Default 1,000. */
  reportLimit: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000 })),
});
export type ImportWordsRequest = Static<typeof ImportWordsRequestSchema>;

/** A line that did not land: `problem` is `duplicate` or why the line is invalid. Lines are 1-based. */
export const ImportProblemSchema = Type.Object({
  line: Type.Integer({ minimum: 1 }),
  word: Type.String(),
  problem: Type.String(),
});
export type ImportProblem = Static<typeof ImportProblemSchema>;

export const ImportWordsReplySchema = Type.Object({
  dryRun: Type.Boolean(),
  /** Entry lines read (blank, comment and header lines not counted). */
  lines: Type.Integer({ minimum: 0 }),
  /** Entries added (dry run: that would be added). */
  added: Type.Integer({ minimum: 0 }),
  duplicates: Type.Integer({ minimum: 0 }),
  invalid: Type.Integer({ minimum: 0 }),
  problems: Type.Array(ImportProblemSchema),
  /** true when more problems exist than `problems` lists. */
  truncated: Type.Boolean(),
  /** The dictionary version after the import (unchanged for a dry run or when nothing landed). */
  version: Type.Integer({ minimum: 0 }),
});
export type ImportWordsReply = Static<typeof ImportWordsReplySchema>;

export const ExportWordsRequestSchema = Type.Object({
  format: Type.Optional(TransferFormatSchema),
  keyword: Type.Optional(Type.String({ maxLength: 256 })),
  category: Type.Optional(CategorySchema),
  level: Type.Optional(LevelSchema),
  scene: Type.Optional(SceneSchema),
  matchType: Type.Optional(MatchTypeSchema),
  enabled: Type.Optional(Type.Boolean()),
});
export type ExportWordsRequest = Static<typeof ExportWordsRequestSchema>;

export const ExportWordsReplySchema = Type.Object({
  format: TransferFormatSchema,
  count: Type.Integer({ minimum: 0 }),
  /** Oldest first, so a re-import keeps the original order. */
  content: Type.String(),
});
export type ExportWordsReply = Static<typeof ExportWordsReplySchema>;
