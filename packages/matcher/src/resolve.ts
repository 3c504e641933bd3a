import type { CandidateBuffer } from "./candidates.ts";
import { ENTRY_WHITELIST, ENTRY_WORD } from "./entries.ts";
import { FLAG_CLAUSE_BEFORE, FLAG_LEFT_WORD, FLAG_RIGHT_WORD, FLAG_WORD, type Groups } from "./stream.ts";
import type { EntryIds } from "./layout.ts";
import type { CancelledHit, Hit, WhitelistMatch } from "./types.ts";

/**
 * Does a match of `entry` over groups [first, past) count? A separator in the text inside the match that
 * the entry itself does not have is "inserted". Inserted separators may split letters apart (`f.u.c.k`,
 * `傻 逼`) but never glue words together, so a match with one counts only when
 *  - it starts and ends at word edges of the original text (`was excited` does not hit `sex`), and
 *  - at every inserted separator, the letters on each side stand alone: a word character there has no
 *    word character on its other side (`to I` does not hit `toi`, `f u c k` hits `fuck`), and
 *  - no inserted separator between two non-word (CJK) characters contains clause punctuation
 *    (`好的，同意` does not hit `的同`; `傻 逼` and `傻*逼` hit).
 * `word` entries always need the word edges.
 */
export function matchCounts(stream: Groups, data: EntryGaps, entry: number, entryFlags: number, first: number, past: number): boolean {
  const last = past - 1;
  const sepCount = stream.sepCount;
  const flags = stream.flags;
  let inserted = false;
  if (sepCount[last] !== sepCount[first]) {
    const gapsFrom = data.gapOffsets[entry] as number;
    const gapsTo = data.gapOffsets[entry + 1] as number;
    let g = gapsFrom;
    for (let k = first + 1; k <= last; k++) {
      if (sepCount[k] === sepCount[k - 1]) continue;
      const position = k - first;
      while (g < gapsTo && (data.gapList[g] as number) < position) g++;
      if (g < gapsTo && data.gapList[g] === position) continue; // the entry's own separator
      inserted = true;
      const before = flags[k - 1] as number;
      const after = flags[k] as number;
      if ((before & FLAG_WORD) !== 0 && (before & FLAG_LEFT_WORD) !== 0) return false;
      if ((after & FLAG_WORD) !== 0 && (after & FLAG_RIGHT_WORD) !== 0) return false;
      if ((after & FLAG_CLAUSE_BEFORE) !== 0 && (before & FLAG_WORD) === 0 && (after & FLAG_WORD) === 0) return false;
    }
  }
  if (!inserted && (entryFlags & ENTRY_WORD) === 0) return true;
  const head = flags[first] as number;
  const tail = flags[last] as number;
  if ((head & FLAG_WORD) !== 0 && (head & FLAG_LEFT_WORD) !== 0) return false;
  if ((tail & FLAG_WORD) !== 0 && (tail & FLAG_RIGHT_WORD) !== 0) return false;
  return true;
}

/** Where each entry's own separators are (see FoldedKey.gaps). */
export interface EntryGaps {
  gapOffsets: Int32Array;
  gapList: Int32Array;
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
  ids: EntryIds,
  entries: EntryGaps & { flags: Uint8Array },
  scenes: number,
  detailed = true,
): Resolution {
  const flags = entries.flags;
  const found: Span[] = [];
  const allowed: Span[] = [];
  const data = candidates.data;
  for (let c = 0; c < candidates.count; c++) {
    const entry = data[c * 3] as number;
    const first = data[c * 3 + 1] as number;
    const past = data[c * 3 + 2] as number;
    const f = flags[entry] as number;
    if ((f & scenes) === 0 || !matchCounts(stream, entries, entry, f, first, past)) continue;
    const span = { entry, start: stream.start[first] as number, end: stream.end[past - 1] as number };
    ((f & ENTRY_WHITELIST) !== 0 ? allowed : found).push(span);
  }
  const hitSpans = found.length > 1 ? sortUnique(found) : found;
  if (allowed.length === 0 && !detailed) {
    // The common case of findHits/hasHit: no whitelist match, nothing to cancel or explain.
    return {
      hits: hitSpans.map((h) => ({ entryId: ids.at(h.entry), start: h.start, end: h.end })),
      cancelled: [],
      whitelistMatches: [],
    };
  }
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
    if (cover === undefined) hits.push({ entryId: ids.at(h.entry), start: h.start, end: h.end });
    else
      cancelled.push({
        entryId: ids.at(h.entry),
        start: h.start,
        end: h.end,
        whitelistId: ids.at(cover.entry),
        whitelistStart: cover.start,
        whitelistEnd: cover.end,
      });
  }
  const whitelistMatches = detailed
    ? whiteSpans.map((w) => ({ whitelistId: ids.at(w.entry), start: w.start, end: w.end }))
    : [];
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
