/**
 * Character classes on folded code points.
 * - content: letters, numbers and marks. With `ignoreSymbols` everything else (punctuation, symbols,
 *   emoji, spaces, controls, lone surrogates) is a separator that matching skips.
 * - word: content characters of scripts written with spaces. CJK ideographs, kana and hangul are written
 *   without spaces, so they never form a word with their neighbours (`ass` hits `an ass` and `ass!`, not
 *   `class` or `ass123`; `傻逼` hits inside any Chinese sentence).
 */
const CONTENT = /^[\p{L}\p{N}\p{M}]$/u;
// Po, the em dashes of 破折号 (——, ―, ⸺, ⸻) and the wave dashes (～ U+FF5E, 〜 U+301C): the marks GB/T 15834 puts
// between parts of a sentence. Hyphens and the en dash (连接号 inside a term, and what a full-width IME types for `-`:
// －) are not among them: `傻－逼` is an evasion.
const CLAUSE = /^[\p{Po}\u{2014}\u{2015}\u{2E3A}\u{2E3B}\u{FF5E}\u{301C}]$/u;
const UNSPACED = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]$/u;

export function isContent(cp: number): boolean {
  return CONTENT.test(String.fromCodePoint(cp));
}

export function isWordChar(cp: number): boolean {
  const s = String.fromCodePoint(cp);
  return CONTENT.test(s) && !UNSPACED.test(s);
}

/**
 * Chinese clause punctuation: non-ASCII "other punctuation" (General_Category Po: `，。、！？；：…·` and
 * the full-width forms), em dashes (`——`) and wave dashes (`～`), judged on the character as typed.
 * Chinese is written without spaces, so these are what separate its clauses: a match may not bridge them
 * between two CJK characters (`好的，同意` and `好……的` do not glue). ASCII punctuation, spaces, symbols
 * and emoji are what evaders type between characters, so `傻.逼`, `傻 逼`, `傻*逼` and `傻😀逼` still hit.
 */
export function isClausePunctuation(cp: number): boolean {
  return cp > 0x7f && CLAUSE.test(String.fromCodePoint(cp));
}
