import { type Folder, type FoldUnit, folderFor, UNIT_MANY, UNIT_NONE, UNIT_SEPARATOR } from "./fold.ts";
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
 * returns the key's length. Compile folds 100k+ entries straight into two flat lists this way, with the folder
 * resolved once by the caller and most characters folded by one table load (`Folder.unitCode`).
 */
export function foldKeyInto(word: string, folder: Folder, repeat: boolean, key: IntList, gaps: IntList): number {
  const from = key.length;
  let afterSeparator = false;
  for (let i = 0; i < word.length; ) {
    const c = word.charCodeAt(i);
    if (c < 0xd800 || c > 0xdfff) {
      const v = folder.unitCode(c);
      if (v !== UNIT_MANY) {
        i++;
        if (v === UNIT_SEPARATOR) afterSeparator = true;
        else if (v !== UNIT_NONE) {
          push(v >>> 2, afterSeparator, repeat, from, key, gaps);
          afterSeparator = false;
        }
        continue;
      }
    }
    // An expansion (`ﬁ` → `fi`) or a code point beyond the BMP: the unit list.
    const cp = word.codePointAt(i) as number;
    i += cp > 0xffff ? 2 : 1;
    const units = folder.fold(cp);
    for (let u = 0; u < units.length; u++) {
      const unit = units[u] as FoldUnit;
      if (unit.separator) afterSeparator = true;
      else {
        push(unit.cp, afterSeparator, repeat, from, key, gaps);
        afterSeparator = false;
      }
    }
  }
  return key.length - from;
}

/** Appends one folded content unit of the key starting at `from`, unless it repeats the last one and repeats collapse. */
function push(cp: number, afterSeparator: boolean, repeat: boolean, from: number, key: IntList, gaps: IntList): void {
  if (repeat && !afterSeparator && key.length > from && key.data[key.length - 1] === cp) return;
  if (afterSeparator && key.length > from) gaps.push(key.length - from);
  key.push(cp);
}

export function foldKey(word: string, options: ResolvedNormalize): FoldedKey {
  const key = new IntList();
  const gaps = new IntList();
  foldKeyInto(word, folderFor(options), options.ignoreRepeat, key, gaps);
  return { key: Array.from(key.view()), gaps: Array.from(gaps.view()) };
}
