import type { FlatKeys } from "./automaton/build-trie.ts";
import { foldKeyInto } from "./fold-key.ts";
import { folderFor } from "./fold.ts";
import { IntList } from "./int-list.ts";
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

/**
 * The valid entries, then the valid whitelist entries, reduced to what matching needs; index i is the automaton's
 * output id. Keys and gap positions are flat lists (see FlatKeys; entry i's gaps are gapList[gapStart[i] ..
 * gapStart[i+1]), positions in its key where a separator of its own stood, see FoldedKey).
 */
export interface PreparedEntries {
  ids: string[];
  flags: Uint8Array;
  keys: FlatKeys;
  gapStart: Int32Array;
  gapList: Int32Array;
  entryCount: number;
  whitelistCount: number;
  invalid: InvalidEntry[];
}

function totalLength(items: unknown): number {
  if (!Array.isArray(items)) return 0;
  let n = 0;
  for (const item of items as { word?: unknown }[]) if (typeof item?.word === "string") n += item.word.length;
  return n;
}

/** Validate and normalise compile input. Nothing here throws: bad entries are reported, not matched. */
export function prepareEntries(input: CompileInput, options: ResolvedNormalize): PreparedEntries {
  const ids: string[] = [];
  const flagList: number[] = [];
  const invalid: InvalidEntry[] = [];
  // Sized from the words' lengths (folding rarely adds units) so the list is not regrown and copied on the way.
  const cps = new IntList(totalLength(input?.entries) + totalLength(input?.whitelist));
  const keyStart = new IntList(1 << 12);
  const gapList = new IntList();
  const gapStart = new IntList(1 << 12);
  let entryCount = 0;
  let whitelistCount = 0;
  const folder = folderFor(options);
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
      const raw = typeof item.word === "string" ? item.word : "";
      // Surrounding whitespace is not part of a word (CONTRACT.md: 1..64 characters after trimming).
      const word = raw.trim();
      if (seen[id] === true) {
        invalid.push({ id, word: raw, kind, reason: "duplicate-id" });
        continue;
      }
      seen[id] = true;
      if (word === "") {
        invalid.push({ id, word: raw, kind, reason: "empty" });
        continue;
      }
      const keyFrom = cps.length;
      const gapFrom = gapList.length;
      // An empty key appended nothing, gaps included (a gap is only recorded before a unit of the key).
      if (foldKeyInto(word, folder, options.ignoreRepeat, cps, gapList) === 0) {
        invalid.push({ id, word: raw, kind, reason: "normalizes-to-nothing" });
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
      ids.push(id);
      flagList.push(flags);
      keyStart.push(keyFrom);
      gapStart.push(gapFrom);
    }
  }
  keyStart.push(cps.length);
  gapStart.push(gapList.length);
  return {
    ids,
    flags: Uint8Array.from(flagList),
    keys: { cps: cps.view(), start: keyStart.view(), count: ids.length },
    gapStart: gapStart.view(),
    gapList: gapList.view(),
    entryCount,
    whitelistCount,
    invalid,
  };
}

/** Whether prepared entry i has separators of its own (`fuck you`). */
export function hasOwnGaps(prepared: Pick<PreparedEntries, "gapStart">, i: number): boolean {
  return (prepared.gapStart[i + 1] as number) > (prepared.gapStart[i] as number);
}
