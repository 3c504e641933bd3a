import { Type, type Static } from "typebox";
import { TimeMsSchema } from "../common.ts";

/**
 * `/adminx/sensitive_word/hit/purge` (extension) deletes hit logs created before a cut-off; the request schema is
 * `Hits.PurgeHitsRequestSchema`. The service also runs the same purge on a timer with HIT_LOG_RETENTION_DAYS.
 */
export const PurgeHitsReplySchema = Type.Object({
  deleted: Type.Integer({ minimum: 0 }),
  /** The cut-off: rows with createTime before this (ms since the epoch) were deleted. */
  before: TimeMsSchema,
});
export type PurgeHitsReply = Static<typeof PurgeHitsReplySchema>;
