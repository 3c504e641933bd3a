import type { CandidateBuffer } from "./candidates.ts";
import { ENTRY_WHITELIST, ENTRY_WORD } from "./entries.ts";
import { FLAG_LEFT_WORD, FLAG_RIGHT_WORD, FLAG_WORD, type Groups } from "./stream.ts";
import type { CancelledHit, Hit, WhitelistMatch } from "./types.ts";

/**
 * Does a match over groups [first, past) count? `word` entries need a word boundary on both sides; any
 * match that skipped a separator needs the same, so separators never glue neighbouring words into an
 * entry (`was excited` does not hit `sex`, `f.u.c.k` does hit `fuck`).
 */
export function matchCounts(stream: Groups, entryFlags: number, first: number, past: number): boolean {
  const last = past - 1;
  const needsEdges = (entryFlags & ENTRY_WORD) !== 0 || stream.sepCount[last] !== stream.sepCount[first];
  if (!needsEdges) return true;
  const head = stream.flags[first] as number;
  const tail = stream.flags[last] as number;
  if ((head & FLAG_WORD) !== 0 && (head & FLAG_LEFT_WORD) !== 0) return false;
  if ((tail & FLAG_WORD) !== 0 && (tail & FLAG_RIGHT_WORD) !== 0) return false;
  return true;
}

export interface Resolution {
  hits: Hit[];
  cancelled: CancelledHit[];
  whitelistMatches: WhitelistMatch[];
}

interface Span {
  entry: number;
  start: number;
  end: number;
}

const bySpan = (a: Span, b: Span): number => a.start - b.start || a.end - b.end || a.entry - b.entry;

/** Sort and de-duplicate spans (the same entry can reach the same original span through an expansion). */
function sortUnique(spans: Span[]): Span[] {
  spans.sort(bySpan);
  const out: Span[] = [];
  for (const s of spans) {
    const prev = out[out.length - 1];
    if (prev !== undefined && prev.entry === s.entry && prev.start === s.start && prev.end === s.end) continue;
    out.push(s);
  }
  return out;
}

/**
 * Judge raw candidates: drop the ones outside the scene or failing their boundaries, then cancel every
 * hit whose original span lies inside a whitelist match's span. Result sorted by start, end, entry order.
 */
export function resolveCandidates(
  stream: Groups,
  candidates: CandidateBuffer,
  ids: readonly string[],
  flags: Uint8Array,
  scenes: number,
): Resolution {
  const found: Span[] = [];
  const allowed: Span[] = [];
  const data = candidates.data;
  for (let c = 0; c < candidates.count; c++) {
    const entry = data[c * 3] as number;
    const first = data[c * 3 + 1] as number;
    const past = data[c * 3 + 2] as number;
    const f = flags[entry] as number;
    if ((f & scenes) === 0 || !matchCounts(stream, f, first, past)) continue;
    const span = { entry, start: stream.start[first] as number, end: stream.end[past - 1] as number };
    ((f & ENTRY_WHITELIST) !== 0 ? allowed : found).push(span);
  }
  const hitSpans = sortUnique(found);
  const whiteSpans = sortUnique(allowed);
  // coverBy[k]: among whitelist spans 0..k (sorted by start) the one reaching furthest right.
  const coverBy: number[] = [];
  whiteSpans.forEach((w, k) => {
    const best = k > 0 ? (coverBy[k - 1] as number) : -1;
    coverBy.push(best >= 0 && (whiteSpans[best] as Span).end >= w.end ? best : k);
  });
  const hits: Hit[] = [];
  const cancelled: CancelledHit[] = [];
  for (const h of hitSpans) {
    const cover = coveringWhitelist(whiteSpans, coverBy, h);
    if (cover === undefined) hits.push({ entryId: ids[h.entry] as string, start: h.start, end: h.end });
    else
      cancelled.push({
        entryId: ids[h.entry] as string,
        start: h.start,
        end: h.end,
        whitelistId: ids[cover.entry] as string,
        whitelistStart: cover.start,
        whitelistEnd: cover.end,
      });
  }
  const whitelistMatches = whiteSpans.map((w) => ({ whitelistId: ids[w.entry] as string, start: w.start, end: w.end }));
  return { hits, cancelled, whitelistMatches };
}

/** The whitelist span that starts at or before the hit and reaches furthest, if it covers the hit. */
function coveringWhitelist(white: Span[], coverBy: number[], hit: Span): Span | undefined {
  let lo = 0;
  let hi = white.length; // find the count of spans with start <= hit.start
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((white[mid] as Span).start <= hit.start) lo = mid + 1;
    else hi = mid;
  }
  if (lo === 0) return undefined;
  const best = white[coverBy[lo - 1] as number] as Span;
  return best.end >= hit.end ? best : undefined;
}
