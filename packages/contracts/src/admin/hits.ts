import { Type, type Static } from "typebox";
import { IdSchema, LevelSchema, SceneSchema, TimeMsSchema } from "../common.ts";
import { PaginationSchema } from "../envelope.ts";

export const HitActionSchema = Type.Union([Type.Literal("blocked"), Type.Literal("masked"), Type.Literal("logged")]);
export type HitAction = Static<typeof HitActionSchema>;

/** One matched entry inside a logged message; start/end are UTF-16 offsets in `text`, end exclusive. */
export const HitDetailSchema = Type.Object({
  wordID: IdSchema,
  word: Type.String(),
  category: Type.String(),
  level: LevelSchema,
  start: Type.Integer({ minimum: 0 }),
  end: Type.Integer({ minimum: 0 }),
});
export type HitDetail = Static<typeof HitDetailSchema>;

/** The checked text is cut to this many UTF-16 units before it is stored. */
export const HIT_TEXT_MAX = 1000;

export const HitSchema = Type.Object({
  id: IdSchema,
  operationID: Type.String(),
  command: Type.String(),
  scene: SceneSchema,
  sendID: Type.String(),
  recvID: Type.String(),
  groupID: Type.String(),
  clientMsgID: Type.String(),
  serverMsgID: Type.String(),
  contentType: Type.Integer(),
  action: HitActionSchema,
  hits: Type.Array(HitDetailSchema),
  text: Type.String(),
  dictVersion: Type.Integer({ minimum: 0 }),
  createTime: TimeMsSchema,
});
export type Hit = Static<typeof HitSchema>;

export const SearchHitsRequestSchema = Type.Object({
  operationID: Type.Optional(Type.String({ maxLength: 128 })),
  sendID: Type.Optional(Type.String({ maxLength: 64 })),
  recvID: Type.Optional(Type.String({ maxLength: 64 })),
  groupID: Type.Optional(Type.String({ maxLength: 64 })),
  scene: Type.Optional(SceneSchema),
  wordID: Type.Optional(IdSchema),
  keyword: Type.Optional(Type.String({ maxLength: 256 })),
  action: Type.Optional(HitActionSchema),
  startTime: Type.Optional(TimeMsSchema),
  endTime: Type.Optional(TimeMsSchema),
  pagination: PaginationSchema,
});
export type SearchHitsRequest = Static<typeof SearchHitsRequestSchema>;

export const SearchHitsReplySchema = Type.Object({
  total: Type.Integer({ minimum: 0 }),
  hits: Type.Array(HitSchema),
});
export type SearchHitsReply = Static<typeof SearchHitsReplySchema>;

/** Delete hit logs older than the retention (HIT_LOG_RETENTION_DAYS unless `olderThanDays` is given). */
export const PurgeHitsRequestSchema = Type.Object({
  olderThanDays: Type.Optional(Type.Integer({ minimum: 1, maximum: 36_500 })),
});
export type PurgeHitsRequest = Static<typeof PurgeHitsRequestSchema>;
