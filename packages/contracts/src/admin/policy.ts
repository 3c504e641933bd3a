import { Type, type Static } from "typebox";
import { LevelSchema, OneCharSchema, SceneSchema, TimeMsSchema } from "../common.ts";
import { DEFAULT_NORMALIZE, NormalizeSettingsSchema } from "../normalize.ts";

export const PolicyActionSchema = Type.Union([Type.Literal("block"), Type.Literal("mask"), Type.Literal("log")]);
export type PolicyAction = Static<typeof PolicyActionSchema>;

const ContentTypesSchema = Type.Array(Type.Integer({ minimum: 0, maximum: 100_000 }), { maxItems: 64, uniqueItems: true });
const UserIdListSchema = Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { maxItems: 10_000 });

/** One policy per scene (CONTRACT.md §2.3). */
export const PolicySchema = Type.Object({
  scene: SceneSchema,
  enabled: Type.Boolean(),
  action: PolicyActionSchema,
  minLevel: LevelSchema,
  contentTypes: ContentTypesSchema,
  normalize: NormalizeSettingsSchema,
  rejectMessage: Type.String({ maxLength: 256 }),
  revealWords: Type.Boolean(),
  logHits: Type.Boolean(),
  maskChar: OneCharSchema,
  exemptUserIDs: UserIdListSchema,
  exemptGroupIDs: UserIdListSchema,
  updateBy: Type.String(),
  updateTime: TimeMsSchema,
  version: Type.Integer({ minimum: 0 }),
});
export type Policy = Static<typeof PolicySchema>;

/** The fields an operator sets; everything but scene, updateBy, updateTime and version. */
export type PolicySettings = Omit<Policy, "scene" | "updateBy" | "updateTime" | "version">;

export const DEFAULT_POLICY: Readonly<PolicySettings> = Object.freeze({
  enabled: true,
  action: "block",
  minLevel: 1,
  contentTypes: [101, 106, 114, 117, 118],
  normalize: { ...DEFAULT_NORMALIZE },
  rejectMessage: "sensitive word detected",
  revealWords: false,
  logHits: true,
  maskChar: "*",
  exemptUserIDs: [],
  exemptGroupIDs: [],
});

/** Absent = unchanged; `normalize` may set only some switches. */
export const SetPolicyRequestSchema = Type.Object({
  scene: SceneSchema,
  enabled: Type.Optional(Type.Boolean()),
  action: Type.Optional(PolicyActionSchema),
  minLevel: Type.Optional(LevelSchema),
  contentTypes: Type.Optional(ContentTypesSchema),
  normalize: Type.Optional(Type.Partial(NormalizeSettingsSchema)),
  rejectMessage: Type.Optional(Type.String({ maxLength: 256 })),
  revealWords: Type.Optional(Type.Boolean()),
  logHits: Type.Optional(Type.Boolean()),
  maskChar: Type.Optional(OneCharSchema),
  exemptUserIDs: Type.Optional(UserIdListSchema),
  exemptGroupIDs: Type.Optional(UserIdListSchema),
});
export type SetPolicyRequest = Static<typeof SetPolicyRequestSchema>;

export const SetPolicyReplySchema = Type.Object({ policy: PolicySchema });
export type SetPolicyReply = Static<typeof SetPolicyReplySchema>;

export const GetPolicyRequestSchema = Type.Object({ scene: Type.Optional(SceneSchema) });
export type GetPolicyRequest = Static<typeof GetPolicyRequestSchema>;
export const GetPolicyReplySchema = Type.Object({ policies: Type.Array(PolicySchema) });
export type GetPolicyReply = Static<typeof GetPolicyReplySchema>;
