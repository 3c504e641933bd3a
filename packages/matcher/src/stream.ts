import { foldCodePoint } from "./fold.ts";
import type { ResolvedNormalize } from "./types.ts";

/**
 * The normalised form of a text as parallel arrays, one slot per normalised character ("group": a
 * folded character, or a run of equal ones when repeats collapse). Offsets are UTF-16 offsets of the
 * original text. Boundary facts are recorded so a match can be judged without looking back at the text.
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

export interface NormalizedStream extends Groups {
  /** Folded code point of each group. */
  cp: Int32Array;
}

/** The group's own character is a word character. */
export const FLAG_WORD = 1;
/** The folded unit just before the group (a separator or the previous group) is a word character. */
export const FLAG_LEFT_WORD = 2;
/** The folded unit just after the group is a word character. */
export const FLAG_RIGHT_WORD = 4;

function allocate(capacity: number): NormalizedStream {
  return {
    length: 0,
    cp: new Int32Array(capacity),
    start: new Int32Array(capacity),
    end: new Int32Array(capacity),
    flags: new Uint8Array(capacity),
    sepCount: new Int32Array(capacity),
  };
}

function grow(stream: NormalizedStream): NormalizedStream {
  const bigger = allocate(stream.cp.length * 2 + 16);
  bigger.length = stream.length;
  bigger.cp.set(stream.cp);
  bigger.start.set(stream.start);
  bigger.end.set(stream.end);
  bigger.flags.set(stream.flags);
  bigger.sepCount.set(stream.sepCount);
  return bigger;
}

/** Normalise a text into a stream (the straightforward path; the dictionary has a fused fast path). */
export function buildStream(text: string, options: ResolvedNormalize): NormalizedStream {
  let s = allocate(text.length + 16);
  let prevUnitWord = false; // the last folded unit seen (separator or content) was a word character
  let sepsSoFar = 0;
  let pendingSep = false; // a separator unit was skipped since the last group
  for (let i = 0; i < text.length; ) {
    const cp = text.codePointAt(i) as number;
    const width = cp > 0xffff ? 2 : 1;
    for (const unit of foldCodePoint(cp, options)) {
      // The first unit after a group (separator or content) is that group's right neighbour.
      if (unit.separator) {
        if (s.length > 0 && !pendingSep) setRight(s, unit.word);
        pendingSep = true;
        prevUnitWord = unit.word;
        continue;
      }
      const last = s.length - 1;
      if (options.ignoreRepeat && last >= 0 && !pendingSep && s.cp[last] === unit.cp) {
        s.end[last] = i + width; // the run extends the group; its right neighbour is still to come
        continue;
      }
      if (last >= 0 && !pendingSep) setRight(s, unit.word);
      if (s.length === s.cp.length) s = grow(s);
      const k = s.length++;
      if (pendingSep) sepsSoFar++;
      s.cp[k] = unit.cp;
      s.start[k] = i;
      s.end[k] = i + width;
      s.flags[k] = (unit.word ? FLAG_WORD : 0) | (prevUnitWord ? FLAG_LEFT_WORD : 0);
      s.sepCount[k] = sepsSoFar;
      pendingSep = false;
      prevUnitWord = unit.word;
    }
    i += width;
  }
  return s;
}

function setRight(s: NormalizedStream, word: boolean): void {
  const last = s.length - 1;
  if (word) s.flags[last] = (s.flags[last] as number) | FLAG_RIGHT_WORD;
}
