import { foldCodePoint } from "./fold.ts";
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

export function foldKey(word: string, options: ResolvedNormalize): FoldedKey {
  const key: number[] = [];
  const gaps: number[] = [];
  let afterSeparator = false;
  for (let i = 0; i < word.length; ) {
    const cp = word.codePointAt(i) as number;
    i += cp > 0xffff ? 2 : 1;
    for (const unit of foldCodePoint(cp, options)) {
      if (unit.separator) {
        afterSeparator = true;
        continue;
      }
      if (options.ignoreRepeat && !afterSeparator && key.length > 0 && key[key.length - 1] === unit.cp) continue;
      if (afterSeparator && key.length > 0) gaps.push(key.length);
      key.push(unit.cp);
      afterSeparator = false;
    }
  }
  return { key, gaps };
}
