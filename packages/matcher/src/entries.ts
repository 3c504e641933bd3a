import { foldKey } from "./fold-key.ts";
import type { CompileInput, InvalidEntry, ResolvedNormalize, Scene } from "./types.ts";

/** Per-entry flag bits, stored in a Uint8Array beside the automaton. */
export const ENTRY_WORD = 1;
export const ENTRY_WHITELIST = 2;
export const SCENE_SINGLE = 4;
export const SCENE_GROUP = 8;
export const SCENE_BITS = SCENE_SINGLE | SCENE_GROUP;

export function sceneBits(scenes: readonly Scene[] | undefined): number {
  if (!Array.isArray(scenes)) return SCENE_BITS;
  let bits = 0;
  for (const scene of scenes) {
    if (scene === "single") bits |= SCENE_SINGLE;
    else if (scene === "group") bits |= SCENE_GROUP;
  }
  return bits;
}

/** Which entries a lookup considers: all of them without a scene, else those listing the scene. */
export function sceneMask(scene: Scene | undefined): number {
  if (scene === "single") return SCENE_SINGLE;
  if (scene === "group") return SCENE_GROUP;
  return SCENE_BITS;
}

/** One valid entry or whitelist entry, reduced to what matching needs. */
export interface PreparedEntry {
  id: string;
  /** Normalised key as code points. */
  key: number[];
  /** Positions of the word's own separators in the key (see FoldedKey). */
  gaps: number[];
  flags: number;
}

export interface PreparedEntries {
  /** Entries first, then whitelist entries; the index is the output id of the automaton. */
  entries: PreparedEntry[];
  entryCount: number;
  whitelistCount: number;
  invalid: InvalidEntry[];
}

/** Validate and normalise compile input. Nothing here throws: bad entries are reported, not matched. */
export function prepareEntries(input: CompileInput, options: ResolvedNormalize): PreparedEntries {
  const entries: PreparedEntry[] = [];
  const invalid: InvalidEntry[] = [];
  let entryCount = 0;
  let whitelistCount = 0;
  const lists = [
    { kind: "entry" as const, items: Array.isArray(input?.entries) ? input.entries : [] },
    { kind: "whitelist" as const, items: Array.isArray(input?.whitelist) ? input.whitelist : [] },
  ];
  for (const { kind, items } of lists) {
    // A null-prototype object: numeric ids (the usual database keys) become array-index properties,
    // far cheaper to look up than a Set of 100k strings.
    const seen: Record<string, true> = Object.create(null);
    for (const item of items) {
      if (item === null || typeof item !== "object") continue;
      if ("enabled" in item && item.enabled === false) continue;
      const id = String(item.id);
      const word = typeof item.word === "string" ? item.word : "";
      if (seen[id] === true) {
        invalid.push({ id, word, kind, reason: "duplicate-id" });
        continue;
      }
      seen[id] = true;
      if (word.trim() === "") {
        invalid.push({ id, word, kind, reason: "empty" });
        continue;
      }
      // Surrounding whitespace is not part of a word (CONTRACT.md: 1..64 characters after trimming).
      const { key, gaps } = foldKey(word.trim(), options);
      if (key.length === 0) {
        invalid.push({ id, word, kind, reason: "normalizes-to-nothing" });
        continue;
      }
      let flags = sceneBits(item.scenes);
      if (kind === "whitelist") {
        flags |= ENTRY_WHITELIST;
        whitelistCount++;
      } else {
        if ("matchType" in item && item.matchType === "word") flags |= ENTRY_WORD;
        entryCount++;
      }
      entries.push({ id, key, gaps, flags });
    }
  }
  return { entries, entryCount, whitelistCount, invalid };
}
