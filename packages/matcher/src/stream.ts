import { foldCodePoint } from "./fold.ts";
import type { ResolvedNormalize } from "./types.ts";

/**
 * What matching records per normalised character ("group": a folded character, or a run of equal ones
 * when repeats collapse). Offsets are UTF-16 offsets of the original text. Boundary facts are kept so a
 * match can be judged without looking back at the text.
 */
export interface Groups {
  length: number;
  /** Original offset where the group starts / ends (exclusive). */
  start: Int32Array;
  end: Int32Array;
  /** Bit flags per group, see FLAG_*. */
  flags: Uint8Array;
  /** sepCount[k] = separator gaps among groups 0..k (a gap belongs to the group after it). */
  sepCount: Int32Array;
}

/** The group's own character is a word character. */
export const FLAG_WORD = 1;
/** The folded unit just before the group (a separator or the previous group) is a word character. */
export const FLAG_LEFT_WORD = 2;
/** The folded unit just after the group is a word character. */
export const FLAG_RIGHT_WORD = 4;
/** The separators just before the group include clause punctuation. */
export const FLAG_CLAUSE_BEFORE = 8;

/** The normalised text as folded code points with their original spans (for `normalize` and `explain`). */
export interface NormalizedStream {
  length: number;
  cp: number[];
  start: number[];
  end: number[];
}

/** Normalise a text the straightforward way (the dictionary's scanner fuses this with matching). */
export function buildStream(text: string, options: ResolvedNormalize): NormalizedStream {
  const s: NormalizedStream = { length: 0, cp: [], start: [], end: [] };
  let afterSeparator = false;
  for (let i = 0; i < text.length; ) {
    const cp = text.codePointAt(i) as number;
    const end = i + (cp > 0xffff ? 2 : 1);
    for (const unit of foldCodePoint(cp, options)) {
      if (unit.separator) {
        afterSeparator = true;
        continue;
      }
      const last = s.length - 1;
      if (options.ignoreRepeat && last >= 0 && !afterSeparator && s.cp[last] === unit.cp) {
        s.end[last] = end;
        continue;
      }
      s.cp.push(unit.cp);
      s.start.push(i);
      s.end.push(end);
      s.length++;
      afterSeparator = false;
    }
    i = end;
  }
  return s;
}
