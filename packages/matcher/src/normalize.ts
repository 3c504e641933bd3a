import { foldKey } from "./fold-key.ts";
import { resolveOptions } from "./options.ts";
import { stringOf } from "./stages/code-points.ts";
import { buildStream } from "./stream.ts";
import type { NormalizeOptions } from "./types.ts";

export interface Normalized {
  /** The normalised text: folded characters, separators and invisibles removed (per the options). */
  text: string;
  /** map[i] = UTF-16 offset in the original text where normalised UTF-16 position i comes from. */
  map: number[];
  /** ends[i] = original offset just past the character(s) normalised position i comes from. */
  ends: number[];
}

/** Normalise a text with the same pipeline the dictionary uses, keeping the way back to original offsets. */
export function normalize(text: string, options?: NormalizeOptions): Normalized {
  const stream = buildStream(typeof text === "string" ? text : "", resolveOptions(options));
  let out = "";
  const map: number[] = [];
  const ends: number[] = [];
  for (let k = 0; k < stream.length; k++) {
    const cp = stream.cp[k] as number;
    out += String.fromCodePoint(cp);
    const units = cp > 0xffff ? 2 : 1;
    for (let u = 0; u < units; u++) {
      map.push(stream.start[k] as number);
      ends.push(stream.end[k] as number);
    }
  }
  return { text: out, map, ends };
}

/**
 * The normalised key of one dictionary or whitelist word: what the automaton stores. Two entries with
 * the same key and match type are duplicates (CONTRACT.md §2.3). An empty key means the word is invalid.
 * Surrounding whitespace is trimmed first, as compile does.
 */
export function normalizeWord(word: string, options?: NormalizeOptions): string {
  return stringOf(foldKey(typeof word === "string" ? word.trim() : "", resolveOptions(options)).key);
}
