import { Type, type Static } from "typebox";

export const SceneSchema = Type.Union([Type.Literal("single"), Type.Literal("group")]);
export type Scene = Static<typeof SceneSchema>;
export const SCENES: readonly Scene[] = ["single", "group"];

/** Scenes an entry applies to: a non-empty subset, no repeats. */
export const ScenesSchema = Type.Array(SceneSchema, { minItems: 1, maxItems: 2, uniqueItems: true });

export const LevelSchema = Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)]);
export type Level = Static<typeof LevelSchema>;

export const MatchTypeSchema = Type.Union([Type.Literal("contains"), Type.Literal("word")]);
export type MatchType = Static<typeof MatchTypeSchema>;

/** Ids are strings on the wire (CONTRACT.md §2.1). */
export const IdSchema = Type.String({ minLength: 1, maxLength: 64 });
export const IdListSchema = Type.Array(IdSchema, { minItems: 1, maxItems: 10_000 });

/** Milliseconds since the epoch. */
export const TimeMsSchema = Type.Integer({ minimum: 0 });

/** One Unicode code point (a surrogate pair counts as one): used for maskChar. */
export const OneCharSchema = Type.String({
  minLength: 1,
  maxLength: 2,
  pattern: "^(?:[\\uD800-\\uDBFF][\\uDC00-\\uDFFF]|[^\\uD800-\\uDFFF])$",
});
