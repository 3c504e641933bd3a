import { Type, type Static } from "typebox";
import { IdListSchema, IdSchema, LevelSchema, MatchTypeSchema, SceneSchema, ScenesSchema, TimeMsSchema } from "../common.ts";
import { PaginationSchema } from "../envelope.ts";

/** Limits of CONTRACT.md §2.3. Word length is checked after trimming, per entry, so the rest of a batch lands. */
export const WORD_LIMITS = {
  maxWordLength: 64,
  maxCategoryLength: 32,
  maxRemarkLength: 256,
  maxBatch: 10_000,
  maxBodyBytes: 8 * 1024 * 1024,
} as const;

export const DEFAULT_CATEGORY = "custom";
export const DEFAULT_LEVEL = 2;

export const CategorySchema = Type.String({ maxLength: WORD_LIMITS.maxCategoryLength });
export const RemarkSchema = Type.String({ maxLength: WORD_LIMITS.maxRemarkLength });

export const WordEntrySchema = Type.Object({
  id: IdSchema,
  word: Type.String(),
  category: Type.String(),
  level: LevelSchema,
  matchType: MatchTypeSchema,
  scenes: Type.Array(SceneSchema),
  enabled: Type.Boolean(),
  remark: Type.String(),
  createBy: Type.String(),
  createTime: TimeMsSchema,
  updateTime: TimeMsSchema,
});
export type WordEntry = Static<typeof WordEntrySchema>;

/** The settable fields of an entry beside its word; absent = the default on add, unchanged on update. */
const optionalEntryFields = {
  category: Type.Optional(CategorySchema),
  level: Type.Optional(LevelSchema),
  matchType: Type.Optional(MatchTypeSchema),
  scenes: Type.Optional(ScenesSchema),
  enabled: Type.Optional(Type.Boolean()),
  remark: Type.Optional(RemarkSchema),
};

/** `word` is only type-checked here: emptiness, length and normalising to nothing are reported per entry. */
export const NewWordSchema = Type.Object({
  word: Type.String({ maxLength: 1024 }),
  ...optionalEntryFields,
});
export type NewWord = Static<typeof NewWordSchema>;

export const InvalidWordSchema = Type.Object({ word: Type.String(), reason: Type.String() });
export type InvalidWord = Static<typeof InvalidWordSchema>;

export const AddWordsRequestSchema = Type.Object({
  words: Type.Array(NewWordSchema, { minItems: 1, maxItems: WORD_LIMITS.maxBatch }),
});
export type AddWordsRequest = Static<typeof AddWordsRequestSchema>;

export const AddWordsReplySchema = Type.Object({
  added: Type.Array(WordEntrySchema),
  duplicates: Type.Array(Type.String()),
  invalid: Type.Array(InvalidWordSchema),
});
export type AddWordsReply = Static<typeof AddWordsReplySchema>;

export const DeleteByIdsRequestSchema = Type.Object({ ids: IdListSchema });
export type DeleteByIdsRequest = Static<typeof DeleteByIdsRequestSchema>;
export const DeletedReplySchema = Type.Object({ deleted: Type.Integer({ minimum: 0 }) });
export type DeletedReply = Static<typeof DeletedReplySchema>;

export const SearchWordsRequestSchema = Type.Object({
  keyword: Type.Optional(Type.String({ maxLength: 256 })),
  category: Type.Optional(CategorySchema),
  level: Type.Optional(LevelSchema),
  scene: Type.Optional(SceneSchema),
  matchType: Type.Optional(MatchTypeSchema),
  enabled: Type.Optional(Type.Boolean()),
  pagination: PaginationSchema,
});
export type SearchWordsRequest = Static<typeof SearchWordsRequestSchema>;

export const SearchWordsReplySchema = Type.Object({
  total: Type.Integer({ minimum: 0 }),
  words: Type.Array(WordEntrySchema),
});
export type SearchWordsReply = Static<typeof SearchWordsReplySchema>;

/** Edit one entry (extension): absent fields are unchanged. */
export const UpdateWordRequestSchema = Type.Object({
  id: IdSchema,
  word: Type.Optional(Type.String({ maxLength: 1024 })),
  ...optionalEntryFields,
});
export type UpdateWordRequest = Static<typeof UpdateWordRequestSchema>;
export const UpdateWordReplySchema = Type.Object({ word: WordEntrySchema });
export type UpdateWordReply = Static<typeof UpdateWordReplySchema>;
