import type { Hit } from "./types.ts";

/**
 * Replace every code point inside any hit span with `maskChar`. Spans are original UTF-16 offsets
 * ([start, end)); overlapping spans merge; a span that cuts a surrogate pair masks the whole pair.
 * Characters outside every span are returned untouched.
 */
export function maskText(text: string, hits: readonly Pick<Hit, "start" | "end">[], maskChar: string): string {
  if (hits.length === 0 || text.length === 0) return text;
  const spans = hits
    .map((h) => [Math.max(0, Math.trunc(h.start) || 0), Math.min(text.length, Math.trunc(h.end) || 0)] as const)
    .filter(([s, e]) => s < e)
    .sort((a, b) => a[0] - b[0]);
  if (spans.length === 0) return text;
  let out = "";
  let copied = 0; // original offset up to which text has been emitted
  let k = 0;
  while (k < spans.length) {
    let [start, end] = spans[k]!;
    // merge every span that overlaps or touches this one
    while (k + 1 < spans.length && spans[k + 1]![0] <= end) end = Math.max(end, spans[++k]![1]);
    k++;
    if (start > 0 && isLowSurrogate(text, start) && isHighSurrogate(text, start - 1)) start--;
    if (end < text.length && isLowSurrogate(text, end) && isHighSurrogate(text, end - 1)) end++;
    start = Math.max(start, copied);
    if (start >= end) continue;
    out += text.slice(copied, start);
    for (let i = start; i < end; ) {
      const cp = text.codePointAt(i) as number;
      i += cp > 0xffff ? 2 : 1;
      out += maskChar;
    }
    copied = end;
  }
  return out + text.slice(copied);
}

function isHighSurrogate(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  return c >= 0xd800 && c <= 0xdbff;
}

function isLowSurrogate(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  return c >= 0xdc00 && c <= 0xdfff;
}
