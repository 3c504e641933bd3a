/** Split a string into code points; a lone surrogate counts as one code point, like String.codePointAt. */
export function codePointsOf(text: string): number[] {
  const out: number[] = [];
  for (let i = 0; i < text.length; ) {
    const cp = text.codePointAt(i) as number;
    out.push(cp);
    i += cp > 0xffff ? 2 : 1;
  }
  return out;
}

export function stringOf(codePoints: readonly number[]): string {
  let s = "";
  for (const cp of codePoints) s += String.fromCodePoint(cp);
  return s;
}
