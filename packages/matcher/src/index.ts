export { compile, fromTransferable } from "./dictionary.ts";
export type { Dictionary, TransferableDictionary } from "./dictionary.ts";
export { normalize, normalizeWord } from "./normalize.ts";
export type { Normalized } from "./normalize.ts";
export { DEFAULT_NORMALIZE, resolveOptions } from "./options.ts";
export type {
  CancelledHit,
  CompileInput,
  DictionaryEntry,
  DictionaryStats,
  Explanation,
  Hit,
  InvalidEntry,
  InvalidReason,
  MatchType,
  NormalizeOptions,
  PolicyNormalize,
  ResolvedNormalize,
  Scene,
  WhitelistEntry,
  WhitelistMatch,
} from "./types.ts";
