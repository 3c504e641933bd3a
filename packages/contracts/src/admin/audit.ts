import { Type, type Static } from "typebox";
import { IdSchema, TimeMsSchema } from "../common.ts";
import { PaginationSchema } from "../envelope.ts";

/** Every governance change leaves one audit row: who, what, on which target, before and after. */
export const AuditTargetTypeSchema = Type.Union([
  Type.Literal("word"),
  Type.Literal("whitelist"),
  Type.Literal("policy"),
  Type.Literal("userAttribute"),
  Type.Literal("admin"),
  Type.Literal("hitLog"),
]);
export type AuditTargetType = Static<typeof AuditTargetTypeSchema>;

export const AuditEntrySchema = Type.Object({
  id: IdSchema,
  operatorID: Type.String(),
  action: Type.String(),
  targetType: AuditTargetTypeSchema,
  targetID: Type.String(),
  before: Type.Unknown(),
  after: Type.Unknown(),
  operationID: Type.String(),
  createTime: TimeMsSchema,
});
export type AuditEntry = Static<typeof AuditEntrySchema>;

export const SearchAuditRequestSchema = Type.Object({
  operatorID: Type.Optional(Type.String({ maxLength: 64 })),
  action: Type.Optional(Type.String({ maxLength: 64 })),
  targetType: Type.Optional(AuditTargetTypeSchema),
  targetID: Type.Optional(Type.String({ maxLength: 64 })),
  operationID: Type.Optional(Type.String({ maxLength: 128 })),
  startTime: Type.Optional(TimeMsSchema),
  endTime: Type.Optional(TimeMsSchema),
  pagination: PaginationSchema,
});
export type SearchAuditRequest = Static<typeof SearchAuditRequestSchema>;
export const SearchAuditReplySchema = Type.Object({
  total: Type.Integer({ minimum: 0 }),
  audits: Type.Array(AuditEntrySchema),
});
