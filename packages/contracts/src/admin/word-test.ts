import { Type, type Static } from "typebox";
import { IdSchema, LevelSchema, MatchTypeSchema, SceneSchema } from "../common.ts";
import { PolicyActionSchema } from "./policy.ts";

/**
 * `/adminx/sensitive_word/test` (extension): the decision the callback would make for a text in a scene, from the
 * committed dictionary, with the reasons — hits with spans, the normalised text, and which whitelist entry
 * cancelled which hit. Nothing is logged or changed.
 */
export const TEXT_TEST_MAX = 10_000;

export const TestTextRequestSchema = Type.Object({
  text: Type.String({ maxLength: TEXT_TEST_MAX }),
  scene: SceneSchema,
  /** Optional sender / group, to see the policy's exemptions at work. */
  sendID: Type.Optional(Type.String({ maxLength: 64 })),
  groupID: Type.Optional(Type.String({ maxLength: 64 })),
  /** Optional content type: a type the policy does not list is allowed without a look, as in the callback. */
  contentType: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000 })),
});
export type TestTextRequest = Static<typeof TestTextRequestSchema>;

/** allowed: nothing to do; blocked / masked / logged: what the hit log would record. */
export const TestDecisionSchema = Type.Union([
  Type.Literal("allowed"),
  Type.Literal("blocked"),
  Type.Literal("masked"),
  Type.Literal("logged"),
]);
export type TestDecision = Static<typeof TestDecisionSchema>;

export const TestHitSchema = Type.Object({
  wordID: IdSchema,
  word: Type.String(),
  category: Type.String(),
  level: LevelSchema,
  matchType: MatchTypeSchema,
  /** UTF-16 offsets in the request text, end exclusive. */
  start: Type.Integer({ minimum: 0 }),
  end: Type.Integer({ minimum: 0 }),
  /** The span of the request text that matched. */
  matched: Type.String(),
  /** false: below the policy's minLevel, so only logged. */
  actionable: Type.Boolean(),
});
export type TestHit = Static<typeof TestHitSchema>;

export const CancelledTestHitSchema = Type.Object({
  wordID: IdSchema,
  word: Type.String(),
  start: Type.Integer({ minimum: 0 }),
  end: Type.Integer({ minimum: 0 }),
  matched: Type.String(),
  whitelistID: IdSchema,
  whitelistWord: Type.String(),
  whitelistStart: Type.Integer({ minimum: 0 }),
  whitelistEnd: Type.Integer({ minimum: 0 }),
});
export type CancelledTestHit = Static<typeof CancelledTestHitSchema>;

export const TestTextReplySchema = Type.Object({
  decision: TestDecisionSchema,
  /** Why, in words: e.g. "policy disabled", "sender exempt", "no hits", "action block". */
  reason: Type.String(),
  scene: SceneSchema,
  action: PolicyActionSchema,
  minLevel: LevelSchema,
  /** The text after the scene policy's normalisation, as the automaton sees it. */
  normalized: Type.String(),
  hits: Type.Array(TestHitSchema),
  cancelled: Type.Array(CancelledTestHitSchema),
  /** The text with actionable hits masked (policy action `mask`), else "". */
  maskedText: Type.String(),
  /** The callback's reply fields for a rejection (decision `blocked`), else "". */
  errMsg: Type.String(),
  errDlt: Type.String(),
  /** Whether the callback would write a hit log row. */
  logged: Type.Boolean(),
  dictVersion: Type.Integer({ minimum: 0 }),
});
export type TestTextReply = Static<typeof TestTextReplySchema>;
