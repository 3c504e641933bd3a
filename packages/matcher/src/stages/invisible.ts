/**
 * Stage 1 — drop invisible characters: zero-width spaces and joiners, bidi controls, variation selectors,
 * soft hyphens, tag characters — exactly Unicode's Default_Ignorable_Code_Point set. They render as
 * nothing, so `f\u200Bu\u200Bc\u200Bk` must read as `fuck`. Dropped characters are not separators:
 * they never create or break a word boundary.
 */
const IGNORABLE = /^\p{Default_Ignorable_Code_Point}$/u;

export function isInvisible(cp: number): boolean {
  return IGNORABLE.test(String.fromCodePoint(cp));
}
