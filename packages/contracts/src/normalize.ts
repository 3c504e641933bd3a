import { Type, type Static } from "typebox";

/** The policy's normalisation switches (CONTRACT.md §2.3); the matcher has the same flags. */
export const NormalizeSettingsSchema = Type.Object({
  ignoreCase: Type.Boolean(),
  ignoreWidth: Type.Boolean(),
  ignoreSymbols: Type.Boolean(),
  traditionalToSimplified: Type.Boolean(),
  confusables: Type.Boolean(),
  ignoreRepeat: Type.Boolean(),
  leet: Type.Boolean(),
});
export type NormalizeSettings = Static<typeof NormalizeSettingsSchema>;

/** All on but ignoreRepeat and leet, which trade precision for recall. */
export const DEFAULT_NORMALIZE: NormalizeSettings = {
  ignoreCase: true,
  ignoreWidth: true,
  ignoreSymbols: true,
  traditionalToSimplified: true,
  confusables: true,
  ignoreRepeat: false,
  leet: false,
};
