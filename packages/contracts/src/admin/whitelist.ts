import { Type, type Static } from "typebox";
import { IdSchema, SceneSchema, ScenesSchema, TimeMsSchema } from "../common.ts";
import { PaginationSchema } from "../envelope.ts";
import { InvalidWordSchema, RemarkSchema, WORD_LIMITS } from "./words.ts";

export const WhitelistEntrySchema = Type.Object({
  id: IdSchema,
  word: Type.String(),
  scenes: Type.Array(SceneSchema),
  remark: Type.String(),
  createBy: Type.String(),
  createTime: TimeMsSchema,
});
export type WhitelistEntry = Static<typeof WhitelistEntrySchema>;

export const NewWhitelistEntrySchema = Type.Object({
  word: Type.String({ maxLength: 1024 }),
  scenes: Type.Optional(ScenesSchema),
  remark: Type.Optional(RemarkSchema),
});
export type NewWhitelistEntry = Static<typeof NewWhitelistEntrySchema>;

export const AddWhitelistRequestSchema = Type.Object({
  words: Type.Array(NewWhitelistEntrySchema, { minItems: 1, maxItems: WORD_LIMITS.maxBatch }),
});
export type AddWhitelistRequest = Static<typeof AddWhitelistRequestSchema>;

export const AddWhitelistReplySchema = Type.Object({
  added: Type.Array(WhitelistEntrySchema),
  duplicates: Type.Array(Type.String()),
  invalid: Type.Array(InvalidWordSchema),
});
export type AddWhitelistReply = Static<typeof AddWhitelistReplySchema>;

export const SearchWhitelistRequestSchema = Type.Object({
  keyword: Type.Optional(Type.String({ maxLength: 256 })),
  scene: Type.Optional(SceneSchema),
  pagination: PaginationSchema,
});
export type SearchWhitelistRequest = Static<typeof SearchWhitelistRequestSchema>;

export const SearchWhitelistReplySchema = Type.Object({
  total: Type.Integer({ minimum: 0 }),
  whitelist: Type.Array(WhitelistEntrySchema),
});
export type SearchWhitelistReply = Static<typeof SearchWhitelistReplySchema>;
