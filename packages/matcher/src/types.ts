/** The two conversation scenes a policy, an entry or a whitelist entry applies to. */
export type Scene = "single" | "group";

/** `contains`: anywhere (the CJK norm). `word`: only between word boundaries of the original text. */
export type MatchType = "contains" | "word";

/** The seven normalisation flags of a scene policy (CONTRACT.md §2.3). */
export interface PolicyNormalize {
  ignoreCase: boolean;
  ignoreWidth: boolean;
  ignoreSymbols: boolean;
  traditionalToSimplified: boolean;
  confusables: boolean;
  ignoreRepeat: boolean;
  leet: boolean;
}

/**
 * Options accepted by `normalize` and `compile`. Every omitted flag takes the policy default.
 * `ignoreInvisible` (drop zero-width, bidi and other default-ignorable characters) is a matcher-only
 * extension: policies have no flag for it, so it defaults to on.
 */
export type NormalizeOptions = Partial<PolicyNormalize> & { ignoreInvisible?: boolean };

/** Fully resolved options: every stage decided. */
export type ResolvedNormalize = PolicyNormalize & { ignoreInvisible: boolean };

export interface DictionaryEntry {
  id: string;
  word: string;
  /** Default `contains`. */
  matchType?: MatchType;
  /** Metadata the matcher carries through untouched; callers look it up by id. */
  level?: number;
  category?: string;
  /** Default both scenes. */
  scenes?: readonly Scene[];
  /** `false` leaves the entry out of the automaton. Default true. */
  enabled?: boolean;
}

export interface WhitelistEntry {
  id: string;
  word: string;
  /** Default both scenes. */
  scenes?: readonly Scene[];
}

export interface CompileInput {
  entries: readonly DictionaryEntry[];
  whitelist?: readonly WhitelistEntry[];
  normalize?: NormalizeOptions;
}

/** One hit: UTF-16 offsets into the original text, `end` exclusive. */
export interface Hit {
  entryId: string;
  start: number;
  end: number;
}

export interface WhitelistMatch {
  whitelistId: string;
  start: number;
  end: number;
}

/** A hit that a whitelist match covered, with the first whitelist match (by start) that covered it. */
export interface CancelledHit extends Hit {
  whitelistId: string;
  whitelistStart: number;
  whitelistEnd: number;
}

export interface Explanation {
  /** The normalised text the automaton ran over. */
  normalized: string;
  hits: Hit[];
  cancelled: CancelledHit[];
  whitelistMatches: WhitelistMatch[];
}

export type InvalidReason = "empty" | "normalizes-to-nothing" | "duplicate-id";

export interface InvalidEntry {
  id: string;
  word: string;
  kind: "entry" | "whitelist";
  reason: InvalidReason;
}

export interface DictionaryStats {
  entries: number;
  whitelist: number;
  invalid: number;
  /** Distinct normalised keys (several entries may share one). */
  patterns: number;
  states: number;
  alphabet: number;
  /** Bytes of the typed arrays that make up the automaton. */
  bytes: number;
  buildMs: number;
}
