import { type FoldUnit, folderFor } from "./fold.ts";
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

const NO_GAPS: number[] = [];

export function foldKey(word: string, options: ResolvedNormalize): FoldedKey {
  const folder = folderFor(options);
  const repeat = options.ignoreRepeat;
  const key: number[] = [];
  let gaps = NO_GAPS;
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
      if (repeat && !afterSeparator && key.length > 0 && key[key.length - 1] === unit.cp) continue;
      if (afterSeparator && key.length > 0) {
        if (gaps === NO_GAPS) gaps = [];
        gaps.push(key.length);
      }
      key.push(unit.cp);
      afterSeparator = false;
    }
  }
  return { key, gaps };
}
