import { foldCodePoint } from "./fold.ts";
import type { ResolvedNormalize } from "./types.ts";

/**
 * The normalised key of a word as folded code points: separators skipped, repeats collapsed when asked
 * (only between directly adjacent characters, as in texts). Equal to the `cp` of `buildStream(word)`.
 */
export function foldKey(word: string, options: ResolvedNormalize): number[] {
  const key: number[] = [];
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
      key.push(unit.cp);
      afterSeparator = false;
    }
  }
  return key;
}
