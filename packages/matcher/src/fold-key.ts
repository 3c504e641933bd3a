import { type FoldUnit, folderFor } from "./fold.ts";
import { IntList } from "./int-list.ts";
import type { ResolvedNormalize } from "./types.ts";

export interface FoldedKey {
  /** Folded code points with separators skipped, repeats collapsed when asked (only between directly
   *  adjacent characters, as in texts). Equal to the `cp` of `buildStream(word)`. */
  key: number[];
  /** The entry's own separators: positions p (1..key.length-1) where a separator stood between key[p-1]
   *  and key[p] — `fuck you` has a gap at 4. A text may have a separator there without it counting as
   *  inserted; a text may also leave it out. */
  gaps: number[];
}

/**
 * Appends the folded key of `word` to `key` and its gap positions (relative to the key's start) to `gaps`;
 * returns the key's length. Compile folds 100k+ entries straight into two flat lists this way.
 */
export function foldKeyInto(word: string, options: ResolvedNormalize, key: IntList, gaps: IntList): number {
  const folder = folderFor(options);
  const repeat = options.ignoreRepeat;
  const from = key.length;
  let afterSeparator = false;
  for (let i = 0; i < word.length; ) {
    const cp = word.codePointAt(i) as number;
    i += cp > 0xffff ? 2 : 1;
    const units = folder.fold(cp);
    for (let u = 0; u < units.length; u++) {
      const unit = units[u] as FoldUnit;
      if (unit.separator) {
        afterSeparator = true;
        continue;
      }
      if (repeat && !afterSeparator && key.length > from && key.data[key.length - 1] === unit.cp) continue;
      if (afterSeparator && key.length > from) gaps.push(key.length - from);
      key.push(unit.cp);
      afterSeparator = false;
    }
  }
  return key.length - from;
}

export function foldKey(word: string, options: ResolvedNormalize): FoldedKey {
  const key = new IntList();
  const gaps = new IntList();
  foldKeyInto(word, options, key, gaps);
  return { key: Array.from(key.view()), gaps: Array.from(gaps.view()) };
}
