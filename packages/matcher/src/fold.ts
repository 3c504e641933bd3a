import { optionsMask } from "./options.ts";
import { caseFold } from "./stages/case-fold.ts";
import { isClausePunctuation, isContent, isWordChar } from "./stages/char-class.ts";
import { confusableFold } from "./stages/confusables.ts";
import { isInvisible } from "./stages/invisible.ts";
import { leetFold } from "./stages/leet.ts";
import { traditionalFold } from "./stages/traditional.ts";
import { widthFold } from "./stages/width.ts";
import type { ResolvedNormalize } from "./types.ts";

/** One folded character: what one original code point becomes (a code point may become 0..n units). */
export interface FoldUnit {
  readonly cp: number;
  /** Skipped by matching (only with `ignoreSymbols`): punctuation, symbols, emoji, spaces, controls. */
  readonly separator: boolean;
  /** Takes part in word boundaries (letters/digits/marks outside CJK, kana, hangul). */
  readonly word: boolean;
  /** A separator that comes from Chinese clause punctuation (see isClausePunctuation). */
  readonly clause: boolean;
}

const EMPTY: readonly FoldUnit[] = Object.freeze([]);

/** `Folder.unitCode` values: nothing, a separator, more than one unit (take `fold`), or `cp << 2 | UNIT_CONTENT`.
 *  None is 0, which marks "not computed yet" in the table. */
export const UNIT_NONE = 1;
export const UNIT_SEPARATOR = 2;
export const UNIT_CONTENT = 3;
export const UNIT_MANY = 4;

/**
 * The whole pipeline for one code point, stages in their fixed order:
 * invisible → width (NFKC) → confusables → case → traditional→simplified → leet → classify.
 * Confusables run before case so `Р` (Cyrillic capital) reaches `P` and then `p`.
 */
export function foldCodePointUncached(cp: number, options: ResolvedNormalize): readonly FoldUnit[] {
  if (options.ignoreInvisible && isInvisible(cp)) return EMPTY;
  let cps: number[] = options.ignoreWidth ? widthFold(cp) : [cp];
  if (options.confusables) cps = cps.flatMap((c) => confusableFold(c) ?? [c]);
  if (options.ignoreCase) cps = cps.flatMap(caseFold);
  if (options.traditionalToSimplified) cps = cps.map(traditionalFold);
  if (options.leet) cps = cps.map(leetFold);
  if (options.ignoreInvisible) cps = cps.filter((c) => !isInvisible(c));
  const clause = isClausePunctuation(cp);
  return Object.freeze(
    cps.map((c) =>
      Object.freeze({
        cp: c,
        separator: options.ignoreSymbols && !isContent(c),
        word: isWordChar(c),
        clause: clause && options.ignoreSymbols && !isContent(c),
      }),
    ),
  );
}

/** Folds for one option set, computed on first use and kept: a text only pays for characters it uses. */
export class Folder {
  readonly #options: ResolvedNormalize;
  readonly #bmp: (readonly FoldUnit[] | undefined)[] = new Array(0x10000);
  readonly #astral = new Map<number, readonly FoldUnit[]>();
  /** BMP folds that are at most one unit, as one int (see `unitCode`); 0 = not computed yet. */
  readonly #codes = new Int32Array(0x10000);

  constructor(options: ResolvedNormalize) {
    this.#options = options;
  }

  /**
   * The fold of a BMP code point as one int, for loops over 100k+ words (compile) that would otherwise walk a unit
   * array per character: UNIT_NONE (dropped), UNIT_SEPARATOR, UNIT_MANY (use `fold`), or a content unit `cp << 2 |
   * UNIT_CONTENT`.
   */
  unitCode(cp: number): number {
    const v = this.#codes[cp] as number;
    if (v !== 0) return v;
    const units = this.fold(cp);
    let code = units.length === 0 ? UNIT_NONE : UNIT_MANY;
    if (units.length === 1) {
      const unit = units[0] as FoldUnit;
      code = unit.separator ? UNIT_SEPARATOR : (unit.cp << 2) | UNIT_CONTENT;
    }
    return (this.#codes[cp] = code);
  }

  fold(cp: number): readonly FoldUnit[] {
    if (cp < 0x10000) {
      const units = this.#bmp[cp];
      if (units !== undefined) return units;
      return (this.#bmp[cp] = foldCodePointUncached(cp, this.#options));
    }
    let units = this.#astral.get(cp);
    if (units === undefined) {
      units = foldCodePointUncached(cp, this.#options);
      this.#astral.set(cp, units);
    }
    return units;
  }
}

const folders = new Map<number, Folder>();

/** The shared folder of an option set. */
export function folderFor(options: ResolvedNormalize): Folder {
  const mask = optionsMask(options);
  let folder = folders.get(mask);
  if (folder === undefined) {
    folder = new Folder(options);
    folders.set(mask, folder);
  }
  return folder;
}

export function foldCodePoint(cp: number, options: ResolvedNormalize): readonly FoldUnit[] {
  return folderFor(options).fold(cp);
}
